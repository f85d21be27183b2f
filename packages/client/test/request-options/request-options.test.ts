// Per-call RequestOptions: the last argument of every method, merged with the client's defaults in one
// place and applied by the one request loop; checked by the same rules as the client's options.
import { describe, expect, it } from 'vitest';
import { AbortError, ConnectionError, RateLimitError, TimeoutError, ValidationError } from '../../src/index.js';
import { clientWith, EMPTY_PAGE, retriesIn } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';

const busy = () => json({}, { status: 429, headers: { 'retry-after': '0' } });
const never = () => new Promise<Response>(() => {});

describe('every method takes RequestOptions last', () => {
  it('retries overrides the client default for that call only', async () => {
    const { client, fetch, log } = clientWith(busy, { retries: 0 });
    await expect(client.listPayments({}, { retries: 2 })).rejects.toBeInstanceOf(RateLimitError);
    expect(fetch.requests).toHaveLength(3);
    await expect(client.listPayments()).rejects.toBeInstanceOf(RateLimitError);
    expect(fetch.requests).toHaveLength(4);
    expect(retriesIn(log)).toEqual(Array(2).fill('retrying GET https://global-api-sandbox.afterpay.com/v2/payments in 0 ms after HTTP 429'));
  });

  it.each([
    ['ping', (client: ReturnType<typeof clientWith>['client'], options: object) => client.ping(options)],
    ['getConfiguration', (client: ReturnType<typeof clientWith>['client'], options: object) => client.getConfiguration({}, options)],
    ['listPayments', (client: ReturnType<typeof clientWith>['client'], options: object) => client.listPayments({}, options)],
    ['iteratePayments', (client: ReturnType<typeof clientWith>['client'], options: object) => client.iteratePayments({}, options).toArray({ max: 1 })],
  ])('%s applies timeouts and retries from its options', async (_, call) => {
    const { client, fetch, log } = clientWith(never);
    const error = await call(client, { timeouts: { connectMs: 5 }, retries: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: 'connect', attempts: 2 });
    expect(fetch.requests).toHaveLength(2);
    expect(retriesIn(log)).toEqual([expect.stringMatching(/^retrying GET \S+ in \d+ ms after GET \S+: connect timed out after 5 ms$/)]);
  });

  it.each([
    [{ retry: 1 }, 'retry', 'unknown'],
    [{ retries: -1 }, 'retries', 'minimum'],
    [{ timeouts: { totalMs: 0 } }, 'timeouts.totalMs', 'minimum'],
    [{ timeouts: { readMS: 5 } }, 'timeouts.readMS', 'unknown'],
    [{ signal: {} }, 'signal', 'type'],
  ])('a wrong option %j throws ValidationError naming %s, before anything is sent', async (options, param, rule) => {
    const { client, fetch } = clientWith();
    const error = await client.listPayments({}, options as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ param, rule });
    expect(() => client.iteratePayments({}, options as never)).toThrow(ValidationError);
    expect(fetch.requests).toHaveLength(0);
  });
});

describe('timeouts.totalMs bounds the whole call', () => {
  it('a Retry-After longer than the time left ends the call at once with the last error', async () => {
    const { client, fetch } = clientWith(() => json({}, { status: 429, headers: { 'retry-after': '30' } }), { retries: 2 });
    const started = Date.now();
    const error = await client.listPayments({}, { timeouts: { totalMs: 5000 } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(fetch.requests).toHaveLength(1);
  });

  it('an attempt cut short by the call deadline is a TimeoutError with phase total', async () => {
    const { client } = clientWith(never, { timeouts: { connectMs: 10_000, readMs: 10_000, totalMs: 20 } });
    await expect(client.listPayments()).rejects.toMatchObject({
      name: 'TimeoutError',
      phase: 'total',
      message: expect.stringContaining('total timed out after 20 ms'),
    });
  });

  it('defaults to 60 s', async () => {
    const { DEFAULT_TIMEOUTS } = await import('../../src/transport.js');
    expect(DEFAULT_TIMEOUTS).toEqual({ connectMs: 10_000, readMs: 20_000, totalMs: 60_000 });
  });
});

describe('aborting', () => {
  it('an already-aborted signal sends nothing and throws AbortError with the reason as cause', async () => {
    const { client, fetch } = clientWith();
    const reason = new Error('user left');
    const error = await client.listPayments({}, { signal: AbortSignal.abort(reason) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).cause).toBe(reason);
    expect(fetch.requests).toHaveLength(0);
  });

  it('an abort while an attempt is in flight ends the call with AbortError, not a retry', async () => {
    const controller = new AbortController();
    const { client, fetch } = clientWith(never, { retries: 2 });
    const call = client.listPayments({}, { signal: controller.signal });
    setTimeout(() => controller.abort('stop'), 10);
    const error = await call.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ cause: 'stop', attempts: 1 });
    expect(fetch.requests).toHaveLength(1);
    expect(fetch.requests[0]!.signal.aborted).toBe(true);
  });

  it('an abort during a retry wait ends the call at once', async () => {
    const controller = new AbortController();
    const { client, fetch, log } = clientWith(() => json({}, { status: 503, headers: { 'retry-after': '30' } }), { retries: 2 });
    const started = Date.now();
    const call = client.ping({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toBeInstanceOf(AbortError);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fetch.requests).toHaveLength(1);
    expect(retriesIn(log)).toEqual(['retrying GET https://global-api-sandbox.afterpay.com/ping in 30000 ms after HTTP 503']);
  });

  it('an abort while the body is being read ends the call with AbortError', async () => {
    const controller = new AbortController();
    const { client } = clientWith(() => new Response(new ReadableStream({ start: (stream) => stream.enqueue(new TextEncoder().encode('{"totalResults":')) })));
    const call = client.listPayments({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toBeInstanceOf(AbortError);
  });

  it('a fetch that throws a non-Error still ends in one of our classes', async () => {
    const { client } = clientWith(() => {
      throw 'boom';
    });
    await expect(client.listPayments()).rejects.toBeInstanceOf(ConnectionError);
  });

  it('a call without options behaves as before', async () => {
    const { client } = clientWith();
    await expect(client.listPayments()).resolves.toEqual(EMPTY_PAGE);
  });
});
