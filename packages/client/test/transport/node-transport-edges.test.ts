// The built-in node:http transport (no fetch given), against local servers: the request body goes out,
// a 101 is named with the protocol it switched to, an https URL goes over TLS, and the client's own
// kept-alive pool is used, not Node's global agent.
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ClientOptions, ConnectionError, createClient, ResponseTooLargeError } from '../../src/index.js';
import { CREDENTIALS, EMPTY_PAGE } from '../helpers/client.js';
import { refusedPort, startRawServer, startServer, type TestServer } from '../helpers/http-server.js';
import { recordingLogger } from '../helpers/logger.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const client = (baseUrl: string, options: Partial<ClientOptions> = {}) =>
  createClient({ ...CREDENTIALS, baseUrl, retries: 0, logger: recordingLogger().logger, ...options } as ClientOptions);

const PAGE = JSON.stringify(EMPTY_PAGE);
const OK = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`;

/** A TCP server answering the n-th connection's request with `answers[n]`, keeping it open; `closed(n)` settles when the client closes it. */
async function socketServer(answers: string[]) {
  const closes: Promise<void>[] = [];
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    const index = closes.length;
    closes.push(new Promise((resolve) => socket.on('close', () => resolve())));
    socket.on('error', () => {});
    socket.once('data', () => socket.write(answers[Math.min(index, answers.length - 1)]!));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  } as TestServer);
  return { url: `http://127.0.0.1:${port}`, closed: (index: number) => closes[index], connections: () => closes.length };
}

describe('the node:http transport', { timeout: 15_000 }, () => {
  it('sends a request body whole', async () => {
    const bodies: string[] = [];
    const server = await startServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString());
        res.writeHead(200, { 'content-type': 'application/json' }).end(PAGE);
      });
    });
    servers.push(server);
    const { response } = await client(server.url).api.POST('/v2/payments' as never, { body: { note: 'sent' } } as never);
    expect(response.status).toBe(200);
    expect(bodies).toEqual(['{"note":"sent"}']);
  });

  it("a typed call's middleware sees a success's headers as they came", async () => {
    const server = await startServer((_, res) => void res.writeHead(200, { 'content-type': 'application/json', 'x-echo': CREDENTIALS.secretKey }).end(PAGE));
    servers.push(server);
    const api = client(server.url);
    const seen: (string | null)[] = [];
    api.api.use({ onResponse: ({ response }) => void seen.push(response.headers.get('x-echo')) });
    await expect(api.listPayments()).resolves.toEqual(EMPTY_PAGE);
    expect(seen).toEqual([CREDENTIALS.secretKey]);
  });

  it.each([
    ['websocket', 'upgrade: websocket\r\nconnection: Upgrade\r\n', 'websocket'],
    ['no protocol named', '', 'another protocol'],
  ])('a 101 to %s is named in the error', async (_, fields, protocol) => {
    const server = await startRawServer(() => ({ bytes: `HTTP/1.1 101 Switching Protocols\r\n${fields}\r\n`, close: false }));
    servers.push(server);
    const error = await client(server.url)
      .listPayments()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe(`GET ${server.url}/v2/payments: answered 101 Switching Protocols to ${protocol}; the API speaks only HTTP`);
  });

  it('an https URL is sent over TLS (here to a port that refuses it)', async () => {
    const port = await refusedPort();
    const error = await client(`https://127.0.0.1:${port}`)
      .listPayments()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it("keeps its connections in its own pool, not in Node's global agent", async () => {
    const server = await startServer((_, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(PAGE));
    servers.push(server);
    await expect(client(server.url).listPayments()).resolves.toEqual(EMPTY_PAGE);
    const pooled = Object.keys({ ...http.globalAgent.sockets, ...http.globalAgent.freeSockets });
    expect(pooled.filter((name) => name.includes(`:${server.port}:`))).toEqual([]);
  });

  describe('closes a connection it will not read to its end', () => {
    it('after a 101 to another protocol', async () => {
      const server = await socketServer(['HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\r\n']);
      await expect(client(server.url).listPayments()).rejects.toBeInstanceOf(ConnectionError);
      await server.closed(0);
    });

    it('once the body passes maxResponseBytes', async () => {
      const server = await socketServer([`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n${'x'.repeat(64)}`]);
      await expect(client(server.url, { maxResponseBytes: 10 }).listPayments()).rejects.toBeInstanceOf(ResponseTooLargeError);
      await server.closed(0);
    });

    it('when an answer is dropped to retry (a 503 whose body never ends)', async () => {
      const server = await socketServer([`HTTP/1.1 503 Service Unavailable\r\nretry-after: 0\r\ncontent-length: 100000\r\n\r\n${'x'.repeat(10)}`, OK]);
      await expect(client(server.url, { retries: 1 }).listPayments()).resolves.toEqual(EMPTY_PAGE);
      expect(server.connections()).toBe(2);
      await server.closed(0);
    });
  });
});
