// Sends requests exactly as written (node:http, the path and query not re-encoded, unlike fetch's URL
// parsing), and a recording proxy that does the same for a sample run in a child process. Each
// exchange is kept whole, so a test can check its status and body against the description.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  method: string;
  /** Path and query, as sent. */
  target: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request to `baseUrl` with `target` (path and query) sent byte for byte. */
export function send(
  baseUrl: string,
  { method, target, headers }: { method: string; target: string; headers: IncomingHttpHeaders | [string, string][] },
): Promise<Exchange> {
  const { hostname, port } = new URL(baseUrl);
  // As an object, so node:http adds Host as curl and fetch do.
  const flat = Array.isArray(headers) ? Object.fromEntries(headers) : headers;
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, method, path: target, headers: flat }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () =>
        resolve({
          method,
          target,
          status: incoming.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(incoming.headers).map(([name, value]) => [name, String(value)])),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A local proxy to `upstream` that keeps every exchange it forwards, in order. */
export async function recordingProxy(upstream: string) {
  const exchanges: Exchange[] = [];
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: new URL(upstream).host };
    send(upstream, { method: req.method ?? 'GET', target: req.url ?? '/', headers }).then(
      (exchange) => {
        exchanges.push(exchange);
        res.writeHead(exchange.status, exchange.headers).end(exchange.body);
      },
      (error: Error) => res.writeHead(502).end(error.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
