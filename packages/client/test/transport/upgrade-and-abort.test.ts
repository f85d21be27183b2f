// Answers that switch protocols, and aborts in every phase of a call, on both transports (the default
// node:http one, and a fetch) against raw local servers. A 101 (whatever protocol its Upgrade names)
// leaves no HTTP response to read: it is a ConnectionError, retried as a body cut off after the
// headers is, within the deadlines. 102 and 103 are interim answers, skipped as Node skips them. An
// abort settles the call whatever the server has sent, or not sent.
import { afterEach, describe, expect, it } from 'vitest';
import { AbortError, type ClientOptions, ConnectionError, createClient } from '../../src/index.js';
import { CREDENTIALS, EMPTY_PAGE } from '../helpers/client.js';
import { startRawServer, type TestServer } from '../helpers/http-server.js';
import { recordingLogger } from '../helpers/logger.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server answering every request with `bytes` (`run` is called once they are written), keeping the connection open. */
async function rawServer(bytes: (index: number) => string, run?: (index: number) => void) {
  const server = await startRawServer((index) => {
    if (run) setTimeout(() => run(index), 20);
    return { bytes: bytes(index), close: false };
  });
  servers.push(server);
  return server;
}

const PAGE = JSON.stringify(EMPTY_PAGE);
const OK = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`;
// Deadlines far from anything the tests wait for: a call that settles has done so for its own reason.
const timeouts = { connectMs: 20_000, readMs: 20_000, totalMs: 25_000 };

const transports: [string, Partial<ClientOptions>][] = [
  ['node:http', {}],
  ['fetch', { fetch: (request: Request) => fetch(request) }],
];

// A call that never settles fails at this bound, well before vitest's own.
describe.each(transports)('on the %s transport', { timeout: 15_000 }, (_, transport) => {
  const client = (baseUrl: string, options: Partial<ClientOptions> = {}) =>
    createClient({ ...CREDENTIALS, baseUrl, retries: 1, timeouts, logger: recordingLogger().logger, ...transport, ...options } as ClientOptions);

  describe('an answer that switches protocols', () => {
    it.each([
      ['websocket', 'HTTP/1.1 101 Switching Protocols\r\nconnection: Upgrade\r\nupgrade: websocket\r\n\r\n'],
      ['h2c, never asked for', 'HTTP/1.1 101 Switching Protocols\r\nconnection: Upgrade\r\nupgrade: h2c\r\n\r\n'],
      ['no protocol at all (no Upgrade header)', 'HTTP/1.1 101 Switching Protocols\r\n\r\n'],
    ])('a 101 to %s is a ConnectionError, retried once, within the deadlines', async (_, bytes) => {
      const server = await rawServer(() => bytes);
      const error = await client(server.url)
        .listPayments()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ attempts: 2 });
      expect(server.requests).toHaveLength(2);
    });

    it('a 101 and then a good answer: the retry gets the page', async () => {
      const server = await rawServer((index) => (index === 0 ? 'HTTP/1.1 101 Switching Protocols\r\nconnection: Upgrade\r\nupgrade: websocket\r\n\r\n' : OK));
      await expect(client(server.url).listPayments()).resolves.toEqual(EMPTY_PAGE);
      expect(server.requests).toHaveLength(2);
    });

    it.each([
      ['102 Processing', 'HTTP/1.1 102 Processing\r\n\r\n'],
      ['103 Early Hints', 'HTTP/1.1 103 Early Hints\r\nlink: </styles.css>; rel=preload\r\n\r\n'],
    ])('a %s before the answer is skipped', async (_, interim) => {
      const server = await rawServer(() => `${interim}${OK}`);
      await expect(client(server.url).listPayments()).resolves.toEqual(EMPTY_PAGE);
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('an abort settles the call in every phase', () => {
    it('while connecting', async () => {
      const server = await rawServer(() => OK);
      const controller = new AbortController();
      const call = client(server.url).listPayments({}, { signal: controller.signal });
      controller.abort();
      await expect(call).rejects.toBeInstanceOf(AbortError);
    });

    it('while waiting for the headers', async () => {
      const controller = new AbortController();
      const server = await rawServer(
        () => '',
        () => controller.abort(),
      );
      await expect(client(server.url).listPayments({}, { signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
      expect(server.requests).toHaveLength(1);
    });

    it('while the body arrives', async () => {
      const controller = new AbortController();
      const server = await rawServer(
        () => 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"totalResults":',
        () => controller.abort(),
      );
      await expect(client(server.url).listPayments({}, { signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
    });

    it('after a 101, with the connection left open', async () => {
      const controller = new AbortController();
      const server = await rawServer(
        () => 'HTTP/1.1 101 Switching Protocols\r\nconnection: Upgrade\r\nupgrade: websocket\r\n\r\n',
        () => controller.abort(),
      );
      // The abort comes during the attempt or the backoff before its retry: the call ends there.
      await expect(client(server.url).listPayments({}, { signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
    });

    it('while waiting to retry', async () => {
      const controller = new AbortController();
      const server = await rawServer(
        () => 'HTTP/1.1 503 Service Unavailable\r\nretry-after: 20\r\ncontent-length: 0\r\n\r\n',
        () => controller.abort(),
      );
      await expect(client(server.url).listPayments({}, { signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
      expect(server.requests).toHaveLength(1);
    });
  });
});
