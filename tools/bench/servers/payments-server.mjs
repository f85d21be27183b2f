// A List Payments service for the benchmarks, meant to run in its own process (child_process.fork) so
// its work does not share an event loop with the client being measured. Keep-alive, pages by
// offset/limit, and an optional fixed latency per response (the pagination item's 20 ms).
//
//   fork('payments-server.mjs', ['--total', '10000', '--latency', '20'])  -> sends { port } when listening
//
// GET /__last answers the target and headers of the previous List Payments request, so a benchmark
// can check that every variant sent the same request before it times them.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { payment } from '../lib/fixtures.mjs';

const { values } = parseArgs({ options: { total: { type: 'string', default: '1' }, latency: { type: 'string', default: '0' } } });
const total = Number(values.total);
const latencyMs = Number(values.latency);

// Serialised once: the server's per-request cost stays small and the same for every client measured.
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
