// `client.api` is the openapi-fetch client the methods are built on: middleware registered with
// `client.api.use()` runs once per call (not per attempt), for the typed methods' calls too, above the
// request loop; it never sees the credentials, and cannot send them outside the base URL.
import { describe, expect, it } from 'vitest';
import { ConnectionError, type Middleware } from '../../src/index.js';
import { rawClient } from '../../src/raw.js';
import { clientWith, EMPTY_PAGE } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';

/** A middleware recording what it sees. */
function recorder() {
  const seen: { phase: string; url: string; authorization: boolean; status?: number }[] = [];
  const middleware: Middleware = {
    onRequest: ({ request }) => void seen.push({ phase: 'request', url: request.url, authorization: request.headers.has('authorization') }),
    onResponse: ({ request, response }) =>
      void seen.push({ phase: 'response', url: request.url, authorization: request.headers.has('authorization'), status: response.status }),
    onError: ({ request }) => void seen.push({ phase: 'error', url: request.url, authorization: request.headers.has('authorization') }),
  };
  return { seen, middleware };
}

const busyOnce = (_: Request, call: number) => (call === 1 ? new Response('busy', { status: 503, headers: { 'retry-after': '0' } }) : json(EMPTY_PAGE));

describe('client.api', () => {
  it('is what the deprecated rawClient returns', () => {
    const { client } = clientWith();
    expect(rawClient(client)).toBe(client.api);
  });

  it('GETs through the loop: credentials, retries and the typed response', async () => {
    const { client, fetch } = clientWith(busyOnce, { retries: 1 });
    const { data, response } = await client.api.GET('/v2/payments', { params: { query: { limit: 5 } } });
    expect(data).toEqual(EMPTY_PAGE);
    expect(response.status).toBe(200);
    expect(fetch.requests.map((request) => request.url)).toEqual(Array(2).fill('https://global-api-sandbox.afterpay.com/v2/payments?limit=5'));
    for (const request of fetch.requests) expect(request.headers.get('authorization')).toMatch(/^Basic /);
  });

  it('sends one Request per attempt on a fetch, each with its own signal', async () => {
    const { client, fetch } = clientWith(busyOnce, { retries: 1 });
    await client.listPayments();
    const [first, second] = fetch.requests;
    expect(first).not.toBe(second);
    expect(first!.signal).not.toBe(second!.signal);
  });
});

describe('middleware', () => {
  it('runs once per call for a typed method, above the retries, and sees the answer the loop ends with', async () => {
    const { client, fetch } = clientWith(busyOnce, { retries: 1 });
    const { seen, middleware } = recorder();
    client.api.use(middleware);
    await expect(client.listPayments({ limit: 5 })).resolves.toEqual(EMPTY_PAGE);
    expect(fetch.requests).toHaveLength(2);
    expect(seen).toEqual([
      { phase: 'request', url: 'https://global-api-sandbox.afterpay.com/v2/payments?limit=5', authorization: false },
      { phase: 'response', url: 'https://global-api-sandbox.afterpay.com/v2/payments?limit=5', authorization: false, status: 200 },
    ]);
  });

  it('sees a failed call once, as the typed error the loop threw', async () => {
    const { client, fetch } = clientWith(
      () => {
        throw new TypeError('fetch failed');
      },
      { retries: 1 },
    );
    const { seen, middleware } = recorder();
    const errors: unknown[] = [];
    client.api.use(middleware, { onError: ({ error }) => void errors.push(error) });
    await expect(client.getConfiguration()).rejects.toBeInstanceOf(ConnectionError);
    expect(fetch.requests).toHaveLength(2);
    expect(seen.map(({ phase }) => phase)).toEqual(['request', 'error']);
    expect(errors).toEqual([expect.any(ConnectionError)]);
  });

  it('never sees the credentials, which the loop adds below it', async () => {
    const { client, fetch } = clientWith();
    const { seen, middleware } = recorder();
    client.api.use(middleware);
    await client.listPayments();
    expect(seen.every(({ authorization }) => !authorization)).toBe(true);
    expect(fetch.requests[0]!.headers.get('authorization')).toMatch(/^Basic /);
  });

  it('cannot move the credentials outside the base URL: a request it sends elsewhere carries none', async () => {
    const { client, fetch } = clientWith();
    client.api.use({ onRequest: ({ request }) => new Request(request.url.replace('global-api-sandbox.afterpay.com', 'collector.example'), request) });
    await client.listPayments();
    expect(fetch.requests[0]!.url).toBe('https://collector.example/v2/payments');
    expect(fetch.requests[0]!.headers.has('authorization')).toBe(false);
  });

  it("may answer in the loop's place: a method reads the Response it gives, a success or an error", async () => {
    const other = { ...EMPTY_PAGE, totalResults: 7 };
    const { client } = clientWith();
    const replace = { onResponse: () => json(other) };
    client.api.use(replace);
    await expect(client.listPayments()).resolves.toEqual(other);
    client.api.eject(replace);
    client.api.use({ onResponse: () => json({ errorCode: 'invalid_object', message: 'replaced' }, { status: 422 }) });
    await expect(client.listPayments()).rejects.toMatchObject({ name: 'UnprocessableEntityError', errorCode: 'invalid_object', message: 'replaced' });
  });
});
