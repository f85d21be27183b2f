// A body that fails after the headers arrived (a reset, chunking that breaks or never ends, a stall) is
// read inside the attempt, so it is retried like a failed connection: every operation is a GET and
// nothing has reached the caller yet. Within the call's deadline and the size cap; the same through
// rawClient, through the built-in node:http transport and through a caller's fetch.
import { afterEach, describe, expect, it } from 'vitest';
import { type ClientOptions, ConnectionError, createClient, type MerchantClient, ResponseTooLargeError, TimeoutError } from '../../src/index.js';
import { rawClient } from '../../src/raw.js';
import { CREDENTIALS, EMPTY_PAGE } from '../helpers/client.js';
import { fakeFetch, json } from '../helpers/fake-fetch.js';
import { startRawServer, startServer, type TestServer } from '../helpers/http-server.js';
import { recordingLogger } from '../helpers/logger.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const PAGE = JSON.stringify(EMPTY_PAGE);
const head = (fields: string) => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${fields}\r\n\r\n`;
/** Raw answers for the first request; every later request gets the whole page. */
const BROKEN_BODIES = {
  'a reset mid-body (Content-Length not reached)': { bytes: `${head(`Content-Length: ${PAGE.length + 100}`)}${PAGE}`, close: true },
  'chunked encoding with no last chunk': { bytes: `${head('Transfer-Encoding: chunked')}${PAGE.length.toString(16)}\r\n${PAGE}\r\n`, close: true },
  'a malformed chunk size': { bytes: `${head('Transfer-Encoding: chunked')}zz\r\n${PAGE}\r\n0\r\n\r\n`, close: false },
  'a body that stalls after its first bytes': { bytes: `${head(`Content-Length: ${PAGE.length}`)}${PAGE.slice(0, 10)}`, close: false },
};
const WHOLE = { bytes: `${head(`Content-Length: ${PAGE.length}`)}${PAGE}`, close: false };

async function brokenFirst(broken: { bytes: string; close: boolean }, times = 1) {
  const server = await startRawServer((index) => (index < times ? broken : WHOLE));
  servers.push(server);
  return server;
}

const client = (server: TestServer, options: Partial<ClientOptions> = {}) => {
  const { logger, lines } = recordingLogger();
  const api = createClient({
    ...CREDENTIALS,
    baseUrl: server.url,
    retries: 1,
    timeouts: { connectMs: 2000, readMs: 300 },
    logger,
    ...options,
  } as ClientOptions);
  return { api, lines };
};

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const calls: [string, (api: MerchantClient) => Promise<unknown>][] = [
  ['listPayments', (api) => api.listPayments()],
  ['rawClient', async (api) => (await rawClient(api).GET('/v2/payments')).data],
];

describe('the built-in node:http transport retries a body cut off after the headers', () => {
  describe.each(calls)('%s', (_, call) => {
    it.each(Object.entries(BROKEN_BODIES))('%s: retried, and the next answer is used', async (__, broken) => {
      const server = await brokenFirst(broken);
      const { api, lines } = client(server);
      await expect(call(api)).resolves.toEqual(EMPTY_PAGE);
      expect(server.requests).toHaveLength(2);
      expect(lines.map(({ level, message }) => [level, message])).toEqual([
        ['warn', expect.stringMatching(/^\[@merchant-ordering\/client\] retrying GET http:\/\/127\.0\.0\.1:\d+\/v2\/payments in \d+ ms after GET /)],
      ]);
    });
  });

  it('without retries left, a reset mid-body is a ConnectionError with its code after one attempt', async () => {
    const server = await brokenFirst(BROKEN_BODIES['a reset mid-body (Content-Length not reached)']);
    const error = await caught(client(server, { retries: 0 }).api.listPayments());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'ECONNRESET', attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('a body that stalls on every attempt ends with a read TimeoutError once the retries are spent', async () => {
    const server = await brokenFirst(BROKEN_BODIES['a body that stalls after its first bytes'], Infinity);
    const error = await caught(client(server, { retries: 2 }).api.listPayments());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: 'read', attempts: 3 });
    expect(server.requests).toHaveLength(3);
  });

  it('the retries stay within the call’s deadline: a stall that outlasts totalMs ends the call there', async () => {
    const server = await brokenFirst(BROKEN_BODIES['a body that stalls after its first bytes'], Infinity);
    const started = Date.now();
    const error = await caught(client(server, { retries: 10, timeouts: { connectMs: 2000, readMs: 300, totalMs: 1000 } }).api.listPayments());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests.length).toBeLessThan(5);
  });

  it('a body over the size cap is not retried: it would be as large again', async () => {
    const server = await startServer((_, res) => res.end(`{"results":[],"padding":"${'x'.repeat(4096)}"}`));
    servers.push(server);
    const error = await caught(client(server, { maxResponseBytes: 1024 }).api.listPayments());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('a caller’s fetch gets the same retries', () => {
  const cutOff = () =>
    new Response(
      new ReadableStream({
        start: (stream) => stream.enqueue(new TextEncoder().encode(PAGE.slice(0, 10))),
        pull: (stream) => stream.error(new TypeError('terminated')),
      }),
    );
  const stalled = () => new Response(new ReadableStream({ start: (stream) => stream.enqueue(new TextEncoder().encode(PAGE.slice(0, 10))) }));

  it.each([
    ['a body stream that errors midway', cutOff],
    ['a body that stalls', stalled],
  ])('%s: retried, through the methods and rawClient', async (_, broken) => {
    for (const [, call] of calls) {
      const fetch = fakeFetch((__, attempt) => (attempt === 1 ? broken() : json(EMPTY_PAGE)));
      const { logger } = recordingLogger();
      const api = createClient({ ...CREDENTIALS, environment: 'sandbox', fetch, retries: 1, timeouts: { readMs: 100 }, logger });
      await expect(call(api)).resolves.toEqual(EMPTY_PAGE);
      expect(fetch.requests).toHaveLength(2);
    }
  });
});
