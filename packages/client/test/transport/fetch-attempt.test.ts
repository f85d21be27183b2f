// One attempt over a fetch that ignores its signal (src/attempt.ts): the attempt's abort still stops
// it, at whatever point it comes.
import { describe, expect, it } from 'vitest';
import { fetchAttempt } from '../../src/attempt.js';

/** A fetch that answers at once with a body that never ends, and never looks at the signal. */
const deafFetch = async () => new Response(new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) }));

/** What `work` has settled to by the next macrotask: a rejection's reason, or 'pending'. */
async function settledBy(work: Promise<unknown>) {
  const later = new Promise((resolve) => setImmediate(() => resolve('pending')));
  return Promise.race([
    work.then(
      () => 'resolved',
      (reason: unknown) => reason,
    ),
    later,
  ]);
}

describe('fetchAttempt', () => {
  it('a body read asked for after the abort rejects at once with its reason, though the fetch ignores the signal', async () => {
    const controller = new AbortController();
    const head = await fetchAttempt(deafFetch)({ request: new Request('https://example.test/v2/ping'), added: {} }, controller.signal, () => {}, 1024);
    const reason = new Error('read timed out after 5 ms');
    controller.abort(reason);
    await expect(settledBy(head.read())).resolves.toBe(reason);
  });

  it('an abort during the body read rejects it with its reason', async () => {
    const controller = new AbortController();
    const head = await fetchAttempt(deafFetch)({ request: new Request('https://example.test/v2/ping'), added: {} }, controller.signal, () => {}, 1024);
    const read = head.read();
    const reason = new Error('total timed out after 5 ms');
    controller.abort(reason);
    await expect(settledBy(read)).resolves.toBe(reason);
  });
});
