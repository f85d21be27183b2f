// The request target each method puts on the wire, byte for byte, for every query in spec/vectors
// (query-encoding.json's encoded cases, and every valid date-time in both date filters), on both
// transports, as a real node:http server receives it (req.url, before any decoding). The file
// snapshot beside this test was written by the client as it was before it went through openapi-fetch
// (issue 28): a change of encoding, order or escaping shows here as a diff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientOptions, createClient, type MerchantClient } from '../../src/index.js';
import { CREDENTIALS, EMPTY_PAGE } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { readVectors } from '../helpers/vectors.js';

const queries = readVectors('query-encoding.json').cases.filter((c) => c.query !== undefined);
const dates = readVectors('date-time.json').cases.filter((c) => c.valid);

/** Every call, named: each vector through its method, and List Payments' through the walk's first page too. */
const calls: [string, (client: MerchantClient) => Promise<unknown>][] = [
  ['ping', (client) => client.ping()],
  ...queries.flatMap(({ name, operation, params }): [string, (client: MerchantClient) => Promise<unknown>][] =>
    operation === 'listPayments'
      ? [
          [`listPayments: ${name}`, (client) => client.listPayments(params)],
          [`iteratePayments: ${name}`, (client) => client.iteratePayments(params).toArray({ max: 1 })],
        ]
      : [[`getConfiguration: ${name}`, (client) => client.getConfiguration(params)]],
  ),
  ...dates.flatMap(({ name, value }): [string, (client: MerchantClient) => Promise<unknown>][] => [
    [`fromCreatedDate ${value} (${name})`, (client) => client.listPayments({ fromCreatedDate: value })],
    [`toCreatedDate ${value} (${name})`, (client) => client.listPayments({ toCreatedDate: value })],
  ]),
  [
    'a Date in both filters',
    (client) => client.listPayments({ fromCreatedDate: new Date(Date.UTC(2024, 0, 31, 9)), toCreatedDate: new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 999)) }),
  ],
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const ping = req.url === '/ping';
    res.writeHead(200, { 'content-type': ping ? 'text/plain' : 'application/json' });
    res.end(ping ? 'pong' : JSON.stringify(EMPTY_PAGE));
  });
});
afterAll(() => server.close());

describe.each([
  ['node:http', {}],
  ['fetch', { fetch: (request: Request) => fetch(request) }],
] as [string, Partial<ClientOptions>][])('the query on the wire, on the %s transport', (_, transport) => {
  it('is byte-identical to the snapshot for every vector', async () => {
    const client = createClient({ ...CREDENTIALS, baseUrl: server.url, retries: 0, logLevel: 'off', ...transport } as ClientOptions);
    const targets: Record<string, string> = {};
    for (const [name, call] of calls) {
      const before = server.requests.length;
      await call(client);
      expect(server.requests.length, name).toBe(before + 1);
      targets[name] = server.requests.at(-1)!.target;
    }
    await expect(`${JSON.stringify(targets, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/query-bytes.json');
  });
});
