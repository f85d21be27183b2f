import { describe, expect, it } from 'vitest';
import { ConnectionError, InternalServerError, RateLimitError, TimeoutError } from '../../src/index.js';
import { createRedactor } from '../../src/redact.js';
import { createLog } from '../../src/logger.js';
import { type CallSettings, createTransport, DEFAULT_RETRIES, DEFAULT_TIMEOUTS, retryDelayMs, type TransportOptions } from '../../src/transport.js';
import { clientWith, retriesIn } from '../helpers/client.js';
import { fakeFetch, type Handler, json } from '../helpers/fake-fetch.js';

type Settings = { retries?: number; timeouts?: Partial<CallSettings['timeouts']> };

/** A transport over a fake fetch whose sleeps are recorded instead of waited, and the call settings to use. */
function transportWith(handler: Handler, { retries = 2, timeouts, ...options }: Partial<TransportOptions> & Settings = {}) {
  const fetch = fakeFetch(handler);
  const sleeps: number[] = [];
  const send = createTransport({
    fetch,
    redact: createRedactor([]),
    log: createLog(console, 'off'),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0,
    ...options,
  });
  const call: CallSettings = { retries, timeouts: { ...DEFAULT_TIMEOUTS, connectMs: 1000, readMs: 1000, ...timeouts } };
  const transport = (url: string, signal?: AbortSignal) => send(new Request(url), { ...call, signal });
  // The loop answers once the whole body is in: the read deadline covers it.
  const get = () => transport('https://api.test/v2/payments');
  return { transport, fetch, sleeps, get };
}

const failThenSucceed =
  (...statuses: number[]): Handler =>
  (_, call) =>
    call <= statuses.length ? new Response('busy', { status: statuses[call - 1]! }) : json({ ok: true });

describe('retries', () => {
  it.each([429, 502, 503, 504])('retries %i and returns the success that follows', async (status) => {
    const { get, fetch } = transportWith(failThenSucceed(status, status));
    const response = await get();
    expect(response.status).toBe(200);
    expect(fetch.requests).toHaveLength(3);
  });

  it.each([400, 401, 403, 404, 405, 406, 409, 422, 500, 501])('never retries %i', async (status) => {
    const { get, fetch } = transportWith(failThenSucceed(status));
    expect((await get()).status).toBe(status);
    expect(fetch.requests).toHaveLength(1);
  });

  it('gives up after `retries` retries and returns the last answer', async () => {
    const { get, fetch } = transportWith(failThenSucceed(503, 503, 503, 503), { retries: 3 });
    expect((await get()).status).toBe(503);
    expect(fetch.requests).toHaveLength(4);
  });

  it('retries connection errors and throws ConnectionError when they persist', async () => {
    const { get, fetch } = transportWith(() => {
      throw new TypeError('fetch failed');
    });
    await expect(get()).rejects.toBeInstanceOf(ConnectionError);
    expect(fetch.requests).toHaveLength(3);
  });

  it('retries timeouts and recovers when a later attempt answers', async () => {
    const { get, fetch } = transportWith((_, call) => (call === 1 ? new Promise<Response>(() => {}) : json({ ok: true })), {
      timeouts: { connectMs: 20, readMs: 20 },
    });
    expect((await get()).status).toBe(200);
    expect(fetch.requests).toHaveLength(2);
  });

  it('does not retry when the caller aborts, and rethrows the abort', async () => {
    const controller = new AbortController();
    const { transport, fetch } = transportWith(() => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(transport('https://api.test/ping', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch.requests).toHaveLength(1);
  });

  it('the client retries twice by default, then throws the typed error', async () => {
    expect(DEFAULT_RETRIES).toBe(2);
    const { client, fetch, log } = clientWith(() => new Response('', { status: 503, headers: { 'retry-after': '0' } }), { retries: undefined });
    await expect(client.listPayments()).rejects.toBeInstanceOf(InternalServerError);
    expect(fetch.requests).toHaveLength(3);
    expect(retriesIn(log)).toEqual(Array(2).fill('retrying GET https://global-api-sandbox.afterpay.com/v2/payments in 0 ms after HTTP 503'));
  });

  it('retries: 0 sends exactly one request', async () => {
    const { client, fetch } = clientWith(() => json({}, { status: 429, headers: { 'retry-after': '0' } }), { retries: 0 });
    await expect(client.listPayments()).rejects.toBeInstanceOf(RateLimitError);
    expect(fetch.requests).toHaveLength(1);
  });
});

describe('backoff', () => {
  it('starts at 0.5 s and doubles up to 8 s', async () => {
    const { get, sleeps } = transportWith(() => new Response('', { status: 502 }), { retries: 6 });
    await get();
    expect(sleeps).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it('jitter takes off up to a quarter, so clients do not retry in step', () => {
    expect(retryDelayMs(0, null, () => 0.999_999)).toBeCloseTo(375, 0);
    expect(retryDelayMs(3, null, () => 0.5)).toBe(3500);
    expect(retryDelayMs(2, null, () => 0)).toBe(2000);
  });

  it('honours Retry-After in seconds', async () => {
    const { get, sleeps } = transportWith((_, call) => (call < 3 ? new Response('', { status: 503, headers: { 'retry-after': String(call * 7) } }) : json({})));
    await get();
    expect(sleeps).toEqual([7000, 14000]);
  });

  it('honours Retry-After as an HTTP date, read against the clock', () => {
    const now = () => Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(retryDelayMs(0, 'Wed, 21 Oct 2026 07:28:30 GMT', () => 0, now)).toBe(30_000);
    expect(retryDelayMs(0, 'Wed, 21 Oct 2026 07:27:00 GMT', () => 0, now)).toBe(0);
  });

  it.each([
    ['more than 60 s', '61'],
    ['negative', '-5'],
    ['not a number or a date', 'soon'],
    ['empty', ''],
  ])('falls back to the backoff when Retry-After is %s', (_, value) => {
    expect(retryDelayMs(1, value, () => 0)).toBe(1000);
  });

  it('0 to 60 s are honoured, both ends included', () => {
    expect(retryDelayMs(4, '0', () => 0)).toBe(0);
    expect(retryDelayMs(0, '60', () => 0)).toBe(60_000);
  });
});

describe('per-attempt timeouts with an injected fetch (phases approximate)', () => {
  it('no response headers in time is a connect timeout', async () => {
    const { get } = transportWith(() => new Promise<Response>(() => {}), { retries: 0, timeouts: { connectMs: 10, readMs: 10_000 } });
    await expect(get()).rejects.toMatchObject({ name: 'TimeoutError', phase: 'connect' });
  });

  it('a body that does not complete in time is a read timeout', async () => {
    const { get } = transportWith(() => new Response(new ReadableStream({ start() {} })), { retries: 0, timeouts: { connectMs: 10_000, readMs: 10 } });
    const error = await get().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: 'read' });
  });

  it('a one-argument fetch wrapper still sees the abort signal when its deadline passes', async () => {
    let signal: AbortSignal | undefined;
    const { transport } = transportWith(() => new Promise<Response>(() => {}), {
      fetch: (request: Request) => {
        signal = request.signal;
        return new Promise<Response>(() => {});
      },
      retries: 0,
      timeouts: { connectMs: 10, readMs: 10 },
    });
    await transport('http://127.0.0.1/v2/payments').catch(() => {});
    expect(signal?.aborted).toBe(true);
  });

  it('the fetch sees an abort signal when its deadline passes', async () => {
    let signal: AbortSignal | undefined;
    const { get } = transportWith(
      (request) => {
        signal = request.signal;
        return new Promise<Response>(() => {});
      },
      { retries: 0, timeouts: { connectMs: 10, readMs: 10 } },
    );
    await get().catch(() => {});
    expect(signal?.aborted).toBe(true);
  });
});
