// What the request loop makes of each kind of answer and failure, to the exact message and field:
// redirects and statuses it does not read, bodies it cancels or decodes chunk by chunk, failures and
// their causes, aborts, and the stamp of attempts and duration. Only an injected fetch: no network.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AbortError, ApiError, BASE_URLS, ConnectionError, MerchantApiError, ResponseTooLargeError, ValidationError } from '../../src/index.js';
import { clientError, retryDelayMs, stamp, textOf } from '../../src/transport.js';
import { CREDENTIALS, EMPTY_PAGE, clientWith } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';

const PAYMENTS = `${BASE_URLS.sandbox}/v2/payments`;

async function failure(call: Promise<unknown>): Promise<MerchantApiError> {
  const error = await call.then(
    () => new Error('the call succeeded'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MerchantApiError);
  return error as MerchantApiError;
}

/** A body that arrives as these byte chunks, and records whether the client cancelled it. */
function chunked(chunks: Uint8Array[] | unknown[]) {
  const state = { cancelled: false };
  const stream = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** A body that sends its first chunk and then waits, until cancelled. */
function endless(first: string) {
  const state = { cancelled: false };
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('answers the loop does not read', () => {
  it.each([300, 302, 399])('%i is refused as a redirect, naming where it pointed, with an empty body', async (status) => {
    const { client, fetch } = clientWith(() => new Response(null, { status, headers: { location: 'https://elsewhere.test/' } }));
    const error = await failure(client.listPayments());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, bodyExcerpt: '', body: undefined });
    expect(error.message).toBe(`GET ${PAYMENTS} answered ${status} redirecting to https://elsewhere.test/; the API never redirects, so it is not followed`);
    expect(fetch.requests).toHaveLength(1);
  });
});

describe("statuses outside HTTP's range", () => {
  it.each([600, 999])('%i is refused unread, as no redirect', async (status) => {
    // A fetch of our own may answer what a Response cannot hold: only the status and headers are read.
    const { client } = clientWith(() => ({ status, headers: new Headers(), body: null }) as unknown as Response);
    const error = await failure(client.listPayments());
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(`GET ${PAYMENTS} answered ${status}`);
  });
});

describe('a URL over the limit', () => {
  it('names the parameter that takes most of it, and how many characters it takes', async () => {
    const { client, fetch } = clientWith();
    const ids = ['x'.repeat(9000)];
    const error = await failure(client.listPayments({ ids, limit: 10 }));
    const url = `${PAYMENTS}?limit=10&ids=${ids[0]}`;
    expect(error).toMatchObject({ param: 'ids', rule: 'maxUrlLength' });
    // `ids=` and the value, and the separator before it.
    expect(error.message).toBe(`the URL would be ${url.length} characters, over the 8192 limit; ids takes ${'ids='.length + 9000 + 1} of them`);
    expect(fetch.requests).toHaveLength(0);
  });
});

describe('bodies', () => {
  it.each([204, 205])('a %i through the raw API has no body (a Response could not carry one)', async (status) => {
    const { client } = clientWith(() => new Response(null, { status }));
    const { response } = await client.api.GET('/ping', { parseAs: 'text' });
    expect(response.status).toBe(status);
    expect(response.body).toBeNull();
  });

  it('a success answer keeps the headers that echo a credential: only error answers are redacted', async () => {
    const echo = { 'x-echo': CREDENTIALS.secretKey };
    const { client } = clientWith(() => json(EMPTY_PAGE, { headers: echo }));
    const { response } = await client.api.GET('/v2/payments', {});
    expect(response.headers.get('x-echo')).toBe(CREDENTIALS.secretKey);
    const { response: typed } = await client.api.GET('/v2/payments', { parseAs: 'text' });
    expect(typed.headers.get('x-echo')).toBe(CREDENTIALS.secretKey);
  });

  it("a typed call's middleware sees a success's headers as they came, and an error's redacted", async () => {
    const echo = { 'x-echo': CREDENTIALS.secretKey };
    const { client } = clientWith((_, call) => (call === 1 ? json(EMPTY_PAGE, { headers: echo }) : json({ message: 'no' }, { status: 400, headers: echo })));
    const seen: (string | null)[] = [];
    client.api.use({ onResponse: ({ response }) => void seen.push(response.headers.get('x-echo')) });
    await expect(client.listPayments()).resolves.toEqual(EMPTY_PAGE);
    const error = await failure(client.listPayments());
    expect((error as ApiError).headers['x-echo']).toBe('[REDACTED]');
    expect(seen).toEqual([CREDENTIALS.secretKey, '[REDACTED]']);
  });

  it("a success body that contains a credential is the caller's data, given back as it came", async () => {
    const page = { ...EMPTY_PAGE, results: [], note: CREDENTIALS.secretKey };
    const { client } = clientWith(() => json(page));
    const { data } = await client.api.GET('/v2/payments', { parseAs: 'text' });
    expect(JSON.parse(data as string)).toEqual(page);
  });

  it.each([400, 404])('a %i answer has its echoed credentials redacted, in the headers too', async (status) => {
    const { client } = clientWith(() => json({ message: 'no' }, { status, headers: { 'x-echo': CREDENTIALS.secretKey } }));
    const { response } = await client.api.GET('/v2/payments', {});
    expect(response.headers.get('x-echo')).toBe('[REDACTED]');
    const error = await failure(client.listPayments());
    expect((error as ApiError).headers['x-echo']).toBe('[REDACTED]');
  });

  it('a body in chunks that split characters is decoded whole', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ message: 'café — naïve ünïcödé' }));
    // Splits inside é (after byte 1 of 2) and inside — (after byte 1 of 3), and a third chunk after both.
    const at = [bytes.indexOf(0xc3) + 1, bytes.indexOf(0xe2) + 1, bytes.length - 5];
    const chunks = [bytes.slice(0, at[0]), bytes.slice(at[0], at[1]), bytes.slice(at[1], at[2]), bytes.slice(at[2])];
    const { stream } = chunked(chunks);
    const { client } = clientWith(() => new Response(stream, { status: 422, headers: { 'content-type': 'application/json' } }));
    const error = await failure(client.listPayments());
    expect(error.message).toBe('café — naïve ünïcödé');
  });

  it('an error answer whose stream brings no bytes is an empty body', async () => {
    const { stream } = chunked([]);
    const { client } = clientWith(() => new Response(stream, { status: 500 }));
    const error = await failure(client.listPayments());
    expect(error.message).toBe('HTTP 500 with an empty body');
    expect((error as ApiError).bodyExcerpt).toBe('');
  });

  it('a stream of strings, not bytes, fails the attempt with the reason', async () => {
    const { stream } = chunked(['{"totalResults":0}']);
    const { client } = clientWith(() => new Response(stream as ReadableStream<Uint8Array>));
    const error = await failure(client.listPayments());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(`GET ${PAYMENTS}: the body is not a stream of bytes`);
  });

  it('a body over maxResponseBytes is cancelled, not read to its end', async () => {
    const { stream, state } = endless('x'.repeat(64));
    const { client } = clientWith(() => new Response(stream), { maxResponseBytes: 10 });
    const error = await failure(client.listPayments());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', maxResponseBytes: 10 });
    expect(error.message).toBe('the response body is larger than maxResponseBytes (10 bytes)');
    expect(state.cancelled).toBe(true);
  });

  it('a 503 that is retried at once (Retry-After: 0) has its body cancelled, not read', async () => {
    const first = chunked([new TextEncoder().encode('busy')]);
    const { client, fetch } = clientWith(
      (_, call) => (call === 1 ? new Response(first.stream, { status: 503, headers: { 'retry-after': '0' } }) : json(EMPTY_PAGE)),
      {
        retries: 1,
      },
    );
    await expect(client.listPayments()).resolves.toEqual(EMPTY_PAGE);
    expect(fetch.requests).toHaveLength(2);
    expect(first.state.cancelled).toBe(true);
  });

  it.each([
    ['an object', {}],
    ['undefined', undefined],
    ['null', null],
  ])('a fetch that resolves to %s, not a Response, fails with the reason', async (_, answer) => {
    const { client } = clientWith(() => answer as Response);
    const error = await failure(client.listPayments());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.name).toBe('ConnectionError');
    expect(error.message).toBe(`GET ${PAYMENTS}: fetch did not return a Response`);
  });
});

describe('failures and their causes', () => {
  it('names at most four causes of a failure', async () => {
    let cause: { message: string; cause?: unknown } | undefined;
    for (const level of [5, 4, 3, 2, 1]) cause = { message: `level ${level}`, cause };
    const { client } = clientWith(() => Promise.reject(cause));
    const error = await failure(client.listPayments());
    expect(error.message).toBe(`GET ${PAYMENTS}: level 1: level 2: level 3: level 4`);
  });

  it('a string thrown by fetch is its own message', async () => {
    const { client } = clientWith(() => Promise.reject('socket hang up'));
    expect((await failure(client.listPayments())).message).toBe(`GET ${PAYMENTS}: socket hang up`);
  });

  it('a code that is not a string is no system error code', async () => {
    const { client } = clientWith(() => Promise.reject(Object.assign(new Error('odd'), { code: 42 })));
    const error = await failure(client.listPayments());
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).code).toBeUndefined();
  });

  it('an already-aborted signal sends nothing and names the request', async () => {
    const { client, fetch } = clientWith();
    const error = await failure(client.listPayments({}, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error.message).toBe(`GET ${PAYMENTS} was aborted`);
    expect(fetch.requests).toHaveLength(0);
  });

  it('an abort during the call names the request, and stamps the attempts made', async () => {
    const controller = new AbortController();
    const { client } = clientWith((request) => {
      controller.abort();
      return Promise.reject(request.signal.reason);
    });
    const before = Date.now();
    const error = await failure(client.listPayments({}, { signal: controller.signal }));
    const elapsed = Date.now() - before;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.message).toBe(`GET ${PAYMENTS} was aborted`);
    expect(error.attempts).toBe(1);
    expect(error.durationMs).toBeGreaterThanOrEqual(0);
    expect(error.durationMs).toBeLessThanOrEqual(elapsed);
  });

  it("leaves no listener on the caller's signal after a call, retried or not", async () => {
    const signal = new AbortController().signal;
    const { client } = clientWith((_, call) => (call === 1 ? json({}, { status: 503, headers: { 'retry-after': '0' } }) : json(EMPTY_PAGE)), { retries: 1 });
    await expect(client.listPayments({}, { signal })).resolves.toEqual(EMPTY_PAGE);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('an abort while waiting to retry leaves no listener and no timer behind', async () => {
    const controller = new AbortController();
    const pendingTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = pendingTimers();
    const { client } = clientWith(
      () => {
        // The retry waits 30 s; the caller gives up as soon as the wait starts.
        setImmediate(() => controller.abort());
        return json({}, { status: 503, headers: { 'retry-after': '30' } });
      },
      { retries: 1 },
    );
    const error = await failure(client.listPayments({}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error.attempts).toBe(1);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(pendingTimers()).toBe(before);
  });
});

describe('the debug log', () => {
  it("gives each attempt's duration, within the call's", async () => {
    const { client, log } = clientWith(undefined, { logLevel: 'debug' });
    const before = Date.now();
    await client.listPayments();
    const elapsed = Date.now() - before;
    const [line] = log.filter(({ level }) => level === 'debug');
    expect(line?.data).toMatchObject({ method: 'GET', status: 200, attempt: 1 });
    expect(line?.data.durationMs).toBeGreaterThanOrEqual(0);
    expect(line?.data.durationMs).toBeLessThanOrEqual(elapsed);
  });
});

describe('the pieces, alone', () => {
  it("textOf a middleware's error answer without a body is empty", async () => {
    await expect(textOf(new Response(null, { status: 500 }), undefined, undefined)).resolves.toBe('');
  });

  it('stamp keeps the first attempts and duration an error was given', () => {
    const error = stamp(new ConnectionError('x'), { attempts: 2, started: Date.now() });
    expect(stamp(error, { attempts: 5, started: 0 })).toMatchObject({ attempts: 2 });
    expect(error.durationMs).toBeLessThan(60_000);
    const unsent = stamp(new ValidationError('limit', 'maximum', 'x'), { attempts: 0, started: 0 });
    expect(unsent.attempts).toBeUndefined();
    expect(unsent.durationMs).toBeUndefined();
  });

  it('clientError of a deadline is a TimeoutError, not named by its wrapper', () => {
    expect(clientError(Object.assign(new Error('read timed out after 5 ms'), { phase: 'read' }), 'GET /x', (t) => t)).toMatchObject({
      name: 'TimeoutError',
      phase: 'read',
      message: 'GET /x: read timed out after 5 ms',
    });
  });

  it('Retry-After in seconds may carry spaces around it', () => {
    expect(retryDelayMs(0, ' 2 ')).toBe(2000);
  });

  it('Retry-After as a date is an IMF-fixdate, whole: nothing before or after it', () => {
    const now = () => Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    const backoff = () => 0; // no jitter: the backoff for retry 0 is exactly 500 ms
    expect(retryDelayMs(0, 'Wed, 21 Oct 2015 07:28:10 GMT', backoff, now)).toBe(10_000);
    expect(retryDelayMs(0, 'Wed, 21 Oct 2015 07:28:10 GMT+0100', backoff, now)).toBe(500);
    expect(retryDelayMs(0, 'on Wed, 21 Oct 2015 07:28:10 GMT', backoff, now)).toBe(500);
  });
});
