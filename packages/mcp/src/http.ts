// Streamable HTTP on 127.0.0.1, for agent hosts that connect by URL. Only /mcp answers; a request whose
// Host is not this listener's loopback name and port, or whose Origin (when a browser sends one) is
// not this listener itself, is refused with 403 before the MCP handler sees it: that is what stops a
// web page from reaching the server through DNS rebinding. The SDK's createMcpHandler serves each
// request with a fresh server from the factory (stateless, both the 2025 and 2026 protocol eras).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createMcpHandler, type Server } from '@modelcontextprotocol/server';
import type { McpServerHandle } from './server.js';

export interface HttpHost {
  /** http://127.0.0.1:<port>/mcp */
  url: string;
  close(): Promise<void>;
}

export const MCP_PATH = '/mcp';
/** The largest request body read: 4 MiB, the SDK's own default, stated. */
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** Why a request is refused before MCP sees it, or undefined when it may proceed. */
export function refusal(headers: { host?: string | undefined; origin?: string | undefined }, port: number): string | undefined {
  const allowed = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!headers.host || !allowed.includes(headers.host.toLowerCase()))
    return 'Host not allowed: this server answers only 127.0.0.1 and localhost on its own port';
  if (headers.origin !== undefined && !allowed.some((host) => headers.origin!.toLowerCase() === `http://${host}`))
    return 'Origin not allowed: this server answers no web page but its own';
  return undefined;
}

/** `factory` makes a server per request: createMcpServer's, typically. */
export async function serveHttp(factory: () => McpServerHandle, { port = 0 }: { port?: number } = {}): Promise<HttpHost> {
  const handler = createMcpHandler(() => factory() as Server, { maxRequestBodySize: MAX_REQUEST_BYTES });
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((request, response) => {
    answer(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const { port: own } = server.address() as AddressInfo;
    const refused = refusal({ host: request.headers.host, origin: request.headers.origin }, own);
    if (refused) return json(response, 403, refused);
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== MCP_PATH) return json(response, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    const abort = new AbortController();
    response.on('close', () => abort.abort());
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : (Readable.toWeb(request) as ReadableStream<Uint8Array>);
    const webRequest = new Request(`http://${request.headers.host}${request.url}`, {
      method: request.method ?? 'GET',
      headers: Object.entries(request.headers).flatMap(([name, value]) =>
        value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((item): [string, string] => [name, item]),
      ),
      signal: abort.signal,
      ...(body && { body, duplex: 'half' }),
    } as RequestInit);
    const webResponse = await handler.fetch(webRequest);
    response.writeHead(webResponse.status, [...webResponse.headers].flat());
    if (!webResponse.body) return response.end();
    for await (const chunk of webResponse.body as unknown as AsyncIterable<Uint8Array>) {
      if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
    }
    response.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}${MCP_PATH}`,
    async close() {
      await handler.close?.();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** A JSON-RPC error body without an id, as the SDK's own refusals are. */
function json(response: ServerResponse, status: number, message: string) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
