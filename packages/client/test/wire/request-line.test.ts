// What actually goes over the wire, recorded by a real node:http server: the raw request line and
// the raw headers, through the client's default transport.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, VERSION } from '../../src/index.js';
import { CREDENTIALS, EMPTY_PAGE } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { rawClient } from '../../src/raw.js';

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === '/ping') return res.end('pong');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.url!.startsWith('/v2/configuration') ? { maximumAmount: { amount: '1000.00', currency: 'AUD' } } : EMPTY_PAGE));
  });
  api = createClient({ merchantId: '32', secretKey: 'abcdefgh', baseUrl: server.url, retries: 0 });
});
afterAll(() => server.close());

const lastLine = () => server.requests.at(-1)!.line;

describe('request line', () => {
  it('arrays repeat the key, never comma-joined, never with brackets', async () => {
    await api.listPayments({ ids: ['300000016189', '300000016190'], statuses: ['APPROVED', 'DECLINED'] });
    expect(lastLine()).toBe('GET /v2/payments?ids=300000016189&ids=300000016190&statuses=APPROVED&statuses=DECLINED HTTP/1.1');
  });

  it('a single string for an array parameter is one value', async () => {
    await api.listPayments({ tokens: '002.abc' });
    expect(lastLine()).toBe('GET /v2/payments?tokens=002.abc HTTP/1.1');
  });

  it('dates keep their + offset, sent as %2B', async () => {
    await api.listPayments({ fromCreatedDate: '2019-01-01T09:00:00.000+11:00', toCreatedDate: '2019-01-02T09:00:00.000-05:00' });
    expect(lastLine()).toBe(
      'GET /v2/payments?toCreatedDate=2019-01-02T09%3A00%3A00.000-05%3A00&fromCreatedDate=2019-01-01T09%3A00%3A00.000%2B11%3A00 HTTP/1.1',
    );
  });

  it('a Date goes out as UTC with milliseconds', async () => {
    await api.listPayments({ fromCreatedDate: new Date('2024-03-11T20:11:42.487Z') });
    expect(lastLine()).toBe('GET /v2/payments?fromCreatedDate=2024-03-11T20%3A11%3A42.487Z HTTP/1.1');
  });

  it('values with ampersand, plus, spaces and unicode arrive as one value each', async () => {
    await api.listPayments({ merchantReferences: ['order 1&2', 'A+B', 'Café-№5'] });
    expect(lastLine()).toBe('GET /v2/payments?merchantReferences=order%201%262&merchantReferences=A%2BB&merchantReferences=Caf%C3%A9-%E2%84%965 HTTP/1.1');
    const parsed = new URL(server.requests.at(-1)!.target, server.url).searchParams.getAll('merchantReferences');
    expect(parsed).toEqual(['order 1&2', 'A+B', 'Café-№5']);
  });

  it('a date without fractional seconds goes out in the documented form, .000 inserted and the offset kept', async () => {
    await api.listPayments({ fromCreatedDate: '2021-08-26T00:00:00+10:00' });
    expect(lastLine()).toBe('GET /v2/payments?fromCreatedDate=2021-08-26T00%3A00%3A00.000%2B10%3A00 HTTP/1.1');
  });

  it('configuration include repeats the key', async () => {
    await api.getConfiguration({ include: ['publicid', 'paybyinstallment'] });
    expect(lastLine()).toBe('GET /v2/configuration?include=publicid&include=paybyinstallment HTTP/1.1');
  });

  it('ping goes to the host root, not under /v2', async () => {
    await api.ping();
    expect(lastLine()).toBe('GET /ping HTTP/1.1');
  });
});

describe('headers as sent', () => {
  it('authenticated calls carry the document example Authorization, the User-Agent and Accept: application/json', async () => {
    await api.listPayments({ limit: 1 });
    const { headers } = server.requests.at(-1)!;
    expect(headers.authorization).toBe('Basic MzI6YWJjZGVmZ2g=');
    expect(headers['user-agent']).toBe(`@merchant-ordering/client/${VERSION} (Node.js/${process.version}; Merchant/32)`);
    expect(headers.accept).toBe('application/json');
  });

  it('Ping carries the User-Agent and Accept: text/plain, and no Authorization', async () => {
    await api.ping();
    const { headers } = server.requests.at(-1)!;
    expect(headers.authorization).toBeUndefined();
    expect(headers['user-agent']).toMatch(/^@merchant-ordering\/client\//);
    expect(headers.accept).toBe('text/plain');
  });

  it('the raw client carries the same headers', async () => {
    const { data } = await rawClient(api).GET('/v2/payments', { params: { query: { limit: 5 } } });
    expect(data?.totalResults).toBe(0);
    const { headers, line } = server.requests.at(-1)!;
    expect(line).toBe('GET /v2/payments?limit=5 HTTP/1.1');
    expect(headers.authorization).toBe('Basic MzI6YWJjZGVmZ2g=');
    expect(headers['user-agent']).toContain('Merchant/32');
  });

  it('with an injected fetch, the same headers', async () => {
    const viaFetch = createClient({ ...CREDENTIALS, baseUrl: server.url, fetch: (request) => fetch(request), retries: 0 });
    await viaFetch.listPayments();
    const { headers } = server.requests.at(-1)!;
    expect(headers.authorization).toMatch(/^Basic /);
    expect(headers['user-agent']).toContain('Merchant/60032000');
    expect(headers.accept).toBe('application/json');
  });
});
