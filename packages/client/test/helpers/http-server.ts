// A real node:http server on 127.0.0.1 that records each request's raw request line and raw
// headers (req.url is the request target exactly as sent, before any decoding).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';

export interface RecordedRequest {
  /** e.g. `GET /v2/payments?ids=a&ids=b HTTP/1.1` */
  line: string;
  target: string;
  /** Lower-case header name to value. */
  headers: Record<string, string>;
  /** Names and values exactly as sent, alternating. */
  rawHeaders: string[];
}

export interface TestServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** How many TCP connections the server has accepted. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startServer(handler: (req: IncomingMessage, res: ServerResponse, index: number) => void): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({
      line: `${req.method} ${req.url} HTTP/${req.httpVersion}`,
      target: req.url!,
      headers: lowerCased(req.rawHeaders),
      rawHeaders: req.rawHeaders,
    });
    handler(req, res, requests.length - 1);
  });
  return listen(server, requests);
}

/** Header names lower-cased to their values, from names and values alternating. */
function lowerCased(rawHeaders: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < rawHeaders.length; i += 2) headers[rawHeaders[i]!.toLowerCase()] = rawHeaders[i + 1]!;
  return headers;
}

/** Listens on a free port of 127.0.0.1, counts connections, and closes them all with the server. */
async function listen(server: NetServer, requests: RecordedRequest[]): Promise<TestServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port that was free a moment ago and now refuses connections. */
export async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A `serve` that starts servers like startServer and closes them all after each test (pass vitest's afterEach). */
export function serverPerTest(afterEach: (hook: () => Promise<void>) => void) {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (...args: Parameters<typeof startServer>): Promise<TestServer> => {
    const server = await startServer(...args);
    servers.push(server);
    return server;
  };
}

/**
 * A TCP server that answers each request with raw bytes, for responses node:http would not write (a
 * chunked body without its last chunk, a malformed chunk). `answer(index)` gives the bytes of the
 * index-th request's response, and whether to close the connection after them (otherwise it stalls).
 */
export async function startRawServer(answer: (index: number) => { bytes: string; close: boolean }): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createNetServer((socket) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
      // One request per header block; the client sends GETs without bodies.
      for (let end; (end = received.indexOf('\r\n\r\n')) >= 0; received = received.slice(end + 4)) {
        const [line = '', ...fields] = received.slice(0, end).split('\r\n');
        const rawHeaders = fields.flatMap((field) => [field.slice(0, field.indexOf(':')), field.slice(field.indexOf(':') + 1).trim()]);
        requests.push({ line, target: line.split(' ')[1]!, headers: lowerCased(rawHeaders), rawHeaders });
        const { bytes, close } = answer(requests.length - 1);
        socket.write(bytes);
        if (close) socket.end();
      }
    });
  });
  return listen(server, requests);
}
