// Row 7 (method: BENCHMARKS.md): the sandbox's node:http host under autocannon's load, on the same cores. Its CPU time per request (/proc) says what one free
// core would serve when a shared machine's wall-clock rate cannot.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { cpuMsOf } from '../lib/machine.mjs';
import { blocks, formatBytes, perSecond, range, table, verdict } from '../lib/format.mjs';
import { summarizeFields } from '../lib/measure.mjs';
import { startSandboxServer } from '../lib/processes.mjs';

const FLOOR = { requestsPerSecond: 2000, atLimit: 20 };
const rps = perSecond('req');

async function measure(log, { rounds = 5, seconds = 4, connections = 10, limits = [20, 250] } = {}) {
  const server = await startSandboxServer({ payments: 1000 });
  const headers = { Authorization: 'Basic MzI6YWJjZGVmZ2g=', Accept: 'application/json' };
  const load = (limit, duration) => autocannon({ url: `${server.url}/v2/payments?limit=${limit}`, connections, duration, headers });
  try {
    const byLimit = {};
    for (const limit of limits) {
      await load(limit, 1); // warm-up: JIT, sorted order and page cache, keep-alive sockets
      const runs = [];
      for (let round = 0; round < rounds; round++) {
        const cpuBefore = cpuMsOf(server.pid);
        const run = await load(limit, seconds);
        if (run.non2xx || run.errors || run.timeouts) throw new Error(`limit ${limit}: ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts`);
        runs.push({ ...run, cpuMsPerRequest: (cpuMsOf(server.pid) - cpuBefore) / run.requests.total });
        log(`limit ${limit}, round ${round + 1}/${rounds}: ${Math.round(run.requests.average)} req/s`);
      }
      const records = runs.map((r) => ({ requestsPerSecond: r.requests.average, cpuMsPerRequest: r.cpuMsPerRequest, p50: r.latency.p50, p99: r.latency.p99 }));
      byLimit[limit] = {
        ...summarizeFields(records),
        bytesPerResponse: Math.round(runs[0].throughput.total / runs[0].requests.total),
        requests: runs.reduce((sum, run) => sum + run.requests.total, 0),
      };
    }
    return { method: { tool: `autocannon ${createRequire(import.meta.url)('autocannon/package.json').version}`, connections, seconds, rounds }, byLimit };
  } finally {
    await server.close();
  }
}

function report({ method, byLimit }) {
  const µs = (ms) => `${Math.round(ms * 1000)} µs`;
  const rows = Object.entries(byLimit).map(([limit, m]) => [
    limit,
    range(m.requestsPerSecond, rps),
    range(m.p50, (ms) => `${ms} ms`),
    range(m.p99, (ms) => `${ms} ms`),
    formatBytes(m.bytesPerResponse),
    m.requests.toLocaleString('en'),
    `${range(m.cpuMsPerRequest, µs)} (${rps(1000 / m.cpuMsPerRequest.median)} per core)`,
  ]);
  const floor = byLimit[FLOOR.atLimit];
  return blocks(
    `${method.tool}, ${method.connections} connections, ${method.rounds} rounds of ${method.seconds} s after a 1 s warm-up per limit; a round's value is its mean requests per second. Every response was 2xx (any other answer, error or timeout fails the row).`,
    table(['limit', 'Requests/s: median (min–max)', 'Latency p50', 'Latency p99', 'Bytes per response', 'Requests', 'Sandbox CPU per request'], rows),
    `**Floor:** ≥ ${rps(FLOOR.requestsPerSecond)} at limit ${FLOOR.atLimit}: ${range(floor.requestsPerSecond, rps)}, ${verdict(floor.requestsPerSecond.median >= FLOOR.requestsPerSecond)}.`,
  );
}

export default { id: 'sandbox', title: '7. Sandbox throughput', timeoutMs: 300_000, measure, report };
