// The faults that act on a socket on the node:http host (reset, stall, slow-body) on the in-process
// fetch, which has none: each must look to a fetch caller exactly as the node:http host looks to the
// same caller through fetch. reset is a network error (a TypeError), stall an answer that never comes
// until the caller aborts or the sandbox closes, slow-body a body that arrives in pieces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpHandler } from '../../src/fetch.js';
import { createSandbox, startSandbox, type InProcessSandbox, type Sandbox } from '../../src/index.js';
import { BASIC } from '../helpers/sandbox.js';
import { fetchOutcome, type FetchLike } from './fetch-outcome.js';

let node: Sandbox;
let inProcess: InProcessSandbox;
beforeAll(async () => {
  [node, inProcess] = await Promise.all([startSandbox({ payments: 40 }), createSandbox({ payments: 40 })]);
});
afterAll(async () => {
  await Promise.all([node.close(), inProcess.close()]);
});

const hosts = (): Array<[string, FetchLike, string]> => [
  ['node:http through fetch', fetch, node.url],
  ['the in-process fetch', inProcess.fetch, 'https://global-api-sandbox.afterpay.com'],
];

describe('reset', () => {
  it('is a network error: fetch rejects with a TypeError, on both', async () => {
    for (const [host, send, base] of hosts())
      expect(await fetchOutcome(send, `${base}/v2/payments`, 'reset'), host).toMatchObject({ outcome: 'rejected', error: 'TypeError' });
  });
});

describe('stall', () => {
  it('never answers: the caller aborting is what ends it, with the abort reason, on both', async () => {
    for (const [host, send, base] of hosts()) {
      const outcome = await fetchOutcome(send, `${base}/v2/payments`, 'stall', AbortSignal.timeout(300));
      expect(outcome, host).toMatchObject({ outcome: 'rejected', error: 'TimeoutError' });
    }
  });

  it('close() ends it as a network error, on both', async () => {
    const [other, otherInProcess] = await Promise.all([startSandbox({ payments: 1 }), createSandbox({ payments: 1 })]);
    const pending = [fetchOutcome(fetch, `${other.url}/ping`, 'stall'), fetchOutcome(otherInProcess.fetch, 'http://sandbox.test/ping', 'stall')];
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([other.close(), otherInProcess.close()]);
    expect(await Promise.all(pending)).toEqual([
      expect.objectContaining({ outcome: 'rejected', error: 'TypeError' }),
      expect.objectContaining({ outcome: 'rejected', error: 'TypeError' }),
    ]);
  });
});

describe('slow-body', () => {
  it('sends the status at once and the same body in pieces over about a second, on both', async () => {
    const outcomes = await Promise.all(hosts().map(([, send, base]) => fetchOutcome(send, `${base}/v2/payments?limit=5`, 'slow-body')));
    for (const [at, outcome] of outcomes.entries()) {
      expect(outcome, hosts()[at]![0]).toMatchObject({ outcome: 'answered', status: 200 });
      expect(outcome.pieceTimes.length).toBeGreaterThan(5);
      expect(outcome.pieceTimes.at(-1)! - outcome.pieceTimes[0]!).toBeGreaterThan(500);
    }
    expect(outcomes[1]!.body).toBe(outcomes[0]!.body);
  });

  it('aborted midway, the body fails with the abort reason, on both', async () => {
    for (const [host, send, base] of hosts()) {
      const outcome = await fetchOutcome(send, `${base}/v2/payments?limit=5`, 'slow-body', AbortSignal.timeout(350));
      expect(outcome, host).toMatchObject({ outcome: 'body failed', status: 200, error: 'TimeoutError' });
    }
  });
});

describe('delay', () => {
  it('answers after that long; an abort before then rejects at once, on both', async () => {
    for (const [host, send, base] of hosts()) {
      const started = performance.now();
      expect(await fetchOutcome(send, `${base}/v2/payments?limit=1`, 'delay=200'), host).toMatchObject({ outcome: 'answered', status: 200 });
      expect(performance.now() - started).toBeGreaterThanOrEqual(190);
      expect(await fetchOutcome(send, `${base}/v2/payments`, 'delay=30000', AbortSignal.timeout(100)), host).toMatchObject({
        outcome: 'rejected',
        error: 'TimeoutError',
      });
    }
  });
});

describe('the in-process fetch after close()', () => {
  it('refuses every call with a network error, as a closed port does', async () => {
    const closed = await createSandbox({ payments: 1 });
    await closed.close();
    await expect(closed.fetch('http://sandbox.test/ping')).rejects.toThrow(TypeError);
    await expect(closed.fetch('http://sandbox.test/v2/payments', { headers: { Authorization: BASIC } })).rejects.toThrow(TypeError);
  });
});

describe('httpHandler, behind an HTTP server that sends what it returns (Deno.serve, Bun.serve, workerd)', () => {
  const faulted = (fault: string, signal?: AbortSignal) =>
    new Request('https://sandbox.example/v2/payments', { headers: { Authorization: BASIC, 'Sandbox-Fault': fault }, ...(signal && { signal }) });

  it('answers reset with a body that fails at once, which such a server answers by cutting the connection', async () => {
    const response = await httpHandler(inProcess)(faulted('reset'));
    await expect(response.text()).rejects.toThrow('Sandbox-Fault: reset');
  });

  it('keeps a stall open with a timer running (workerd cancels a request that waits on nothing), until the client leaves', async () => {
    const engine = await createSandbox({ payments: 1 });
    // Held here: a Request follows its signal weakly, and Node lets an unreferenced timeout signal be collected.
    const signal = AbortSignal.timeout(200);
    const stalled = httpHandler(engine)(faulted('stall', signal));
    await expect(stalled).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(signal.aborted).toBe(true);
    await engine.close();
  });

  it('answers everything else as sandbox.fetch does', async () => {
    const [served, fetched] = await Promise.all([httpHandler(inProcess)(faulted('delay=1')), inProcess.fetch(faulted('delay=1'))]);
    expect([served.status, (await served.json()).limit]).toEqual([fetched.status, (await fetched.json()).limit]);
  });
});
