// The service sometimes answers without a Content-Type header (the official PHP SDK says so, and the
// description documents it). The client reads each operation's body as its documented media type,
// whatever the header says, so such a response parses like any other.
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationError, createClient } from '../../src/index.js';
import { CREDENTIALS } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

const PAGE = {
  totalResults: 1,
  offset: 0,
  limit: 20,
  results: [{ id: '300000016189', status: 'APPROVED', originalAmount: { amount: '10.00', currency: 'AUD' } }],
};
const CONFIGURATION = { maximumAmount: { amount: '2000.00', currency: 'AUD' } };
const UNAUTHORIZED = { errorCode: 'unauthorized', errorId: '6024ab212498442', message: 'Credentials are required.', httpStatusCode: 401 };

let server: TestServer;
beforeAll(async () => {
  // node:http adds no Content-Type of its own: each answer goes out with none.
  server = await startServer((req, res) => {
    if (req.url === '/ping') return res.end('pong');
    if (req.headers.authorization?.endsWith('d3Jvbmc6d3Jvbmc=')) {
      res.statusCode = 401;
      return res.end(JSON.stringify(UNAUTHORIZED));
    }
    res.end(JSON.stringify(req.url!.startsWith('/v2/configuration') ? CONFIGURATION : PAGE));
  });
});
afterAll(() => server.close());

const client = () => createClient({ ...CREDENTIALS, baseUrl: server.url, retries: 0 });

describe('responses without a Content-Type header', () => {
  it('the test server really sends none (a control)', async () => {
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) =>
      get(`${server.url}/v2/payments`, (res) => resolve(res.resume().headers)).on('error', reject),
    );
    expect(headers['content-type']).toBeUndefined();
  });

  it('listPayments parses the page', async () => {
    expect(await client().listPayments({ limit: 20 })).toEqual(PAGE);
  });

  it('iteratePayments walks it', async () => {
    expect(await client().iteratePayments().toArray({ max: 10 })).toEqual(PAGE.results);
  });

  it('getConfiguration parses the configuration', async () => {
    expect(await client().getConfiguration()).toEqual(CONFIGURATION);
  });

  it('ping reads pong', async () => {
    await expect(client().ping()).resolves.toBeUndefined();
  });

  it('an error status still gives the typed error with its parsed body', async () => {
    const wrong = createClient({ merchantId: 'wrong', secretKey: 'wrong', baseUrl: server.url, retries: 0 });
    const error = await wrong.listPayments().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, errorCode: 'unauthorized', errorId: '6024ab212498442' });
  });
});
