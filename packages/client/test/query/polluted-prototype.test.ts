// Another library may set enumerable properties on Object.prototype. Only the caller's own properties
// become query parameters, also in the objects the client builds itself (a walk's page query, the
// serializer's loop, the normalised query, the headers), whichever way the request goes out.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { rawClient } from '../../src/raw.js';
import { clientWith, CREDENTIALS, EMPTY_PAGE } from '../helpers/client.js';
import { json, queryOf } from '../helpers/fake-fetch.js';
import { serverPerTest } from '../helpers/http-server.js';

const serve = serverPerTest(afterEach);

// Names of parameters (statuses, offset, include), a name the API does not know, and a header name.
const POLLUTION: Record<string, unknown> = { statuses: 'DECLINED', offset: 7, include: 'publicid', polluted: 'yes', 'x-polluted': 'yes' };

/** Runs `body` with Object.prototype polluted, and always restores it before any assertion runs. */
async function withPollutedPrototype<T>(body: () => Promise<T>): Promise<T> {
  for (const [name, value] of Object.entries(POLLUTION)) {
    Object.defineProperty(Object.prototype, name, { value, enumerable: true, configurable: true, writable: true });
  }
  try {
    return await body();
  } finally {
    for (const name of Object.keys(POLLUTION)) delete (Object.prototype as Record<string, unknown>)[name];
  }
}

describe('a polluted Object.prototype never reaches the request', () => {
  it('the pollution is visible to a for-in loop over a fresh object (a control)', async () => {
    const keys = await withPollutedPrototype(async () => {
      const seen: string[] = [];
      for (const key in {}) seen.push(key);
      return seen;
    });
    expect(keys).toEqual(Object.keys(POLLUTION));
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('every method, through a caller’s fetch, sends only what the caller gave', async () => {
    const { client, fetch } = clientWith((request) =>
      json(request.url.includes('configuration') ? { maximumAmount: { amount: '1.00', currency: 'AUD' } } : EMPTY_PAGE),
    );
    await withPollutedPrototype(async () => {
      await client.listPayments({ limit: 5 });
      await client.listPayments();
      await client.iteratePayments({ limit: 2 }).toArray({ max: 2 });
      await client.getConfiguration();
      await client.ping().catch(() => {}); // the fake answers JSON, not pong: only the request matters here
    });
    expect(fetch.requests.map(queryOf)).toEqual(['limit=5', '', 'limit=2&offset=0', '', '']);
    for (const request of fetch.requests) expect([...request.headers.keys()]).not.toContain('x-polluted');
  });

  it('rawClient sends only the query it was given', async () => {
    const { client, fetch } = clientWith();
    await withPollutedPrototype(async () => {
      await rawClient(client).GET('/v2/payments', { params: { query: { limit: 5 } } });
      await rawClient(client).GET('/v2/payments');
    });
    expect(fetch.requests.map(queryOf)).toEqual(['limit=5', '']);
  });

  it('the built-in node:http transport sends the same request line and headers as without pollution', async () => {
    const server = await serve((_, res) => res.end(JSON.stringify(EMPTY_PAGE)));
    const client = createClient({ ...CREDENTIALS, baseUrl: server.url, retries: 0 });
    await withPollutedPrototype(async () => {
      await client.listPayments({ limit: 5 });
      await client.iteratePayments({ limit: 2 }).toArray({ max: 2 });
      await rawClient(client).GET('/v2/payments');
    });
    await client.listPayments({ limit: 5 });
    expect(server.requests.map(({ line }) => line)).toEqual([
      'GET /v2/payments?limit=5 HTTP/1.1',
      'GET /v2/payments?limit=2&offset=0 HTTP/1.1',
      'GET /v2/payments HTTP/1.1',
      'GET /v2/payments?limit=5 HTTP/1.1',
    ]);
    const names = (index: number) => Object.keys(server.requests[index]!.headers).sort();
    expect(names(0)).toEqual(names(3));
    expect(names(0)).not.toContain('x-polluted');
  });
});
