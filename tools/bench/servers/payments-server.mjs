// A List Payments server in its own process, so its work does not share the measured client's event loop: keep-alive, offset/limit pages, an optional latency
// per response. Sends { port } once it listens. GET /__last answers the previous request's target and headers, for the same-request check.
import { createServer } from 'node:http';
import { payment } from '../lib/fixtures.mjs';

const { total = 1, latencyMs = 0 } = JSON.parse(process.argv[2]);

const records = Array.from({ length: total }, (_, index) => JSON.stringify(payment(index)));
let last = null;

const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://127.0.0.1');
  if (url.pathname === '/__last') return send(response, 200, JSON.stringify(last));
  if (url.pathname !== '/v2/payments') return send(response, 404, '{"errorCode":"not_found"}');
  last = { target: request.url, headers: request.headers };
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const body = `{"totalResults":${total},"offset":${offset},"limit":${limit},"results":[${records.slice(offset, offset + limit).join(',')}]}`;
  if (latencyMs > 0) setTimeout(() => send(response, 200, body), latencyMs);
  else send(response, 200, body);
});
// Longer than any pause between rounds, so every variant keeps reusing its connection.
server.keepAliveTimeout = 120_000;

function send(response, status, body) {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
// The parent going away (even by SIGKILL) closes the IPC channel: never outlive it.
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
