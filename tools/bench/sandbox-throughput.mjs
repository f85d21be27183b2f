// Item 7, sandbox throughput: List Payments on the sandbox (packages/sandbox, 1,000 payments, in its
// own process) under load from autocannon, at limit 20 and at limit 250, in requests per second.
// The floor (2,000 req/s at limit 20) is reported, not asserted. The load tool runs in this process,
// on the same 2 cores, so the numbers are what one machine does with both sides on it. The sandbox's
// own CPU time per request (from /proc) is recorded too: on a shared machine it says what one free
// core would serve when the wall-clock rate cannot.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { cpuMsOf } from './lib/machine.mjs';
import { runAsScript, startSandboxServer } from './lib/processes.mjs';
import { summarize } from './lib/stats.mjs';

export const FLOOR_RPS = 2000;
const AUTHORIZATION = `Basic ${Buffer.from('32:abcdefgh').toString('base64')}`;

export async function measureSandboxThroughput({ rounds = 3, seconds = 5, connections = 10, limits = [20, 250], log = console.log } = {}) {
  const server = await startSandboxServer({ payments: 1000 });
  try {
    const load = (limit, duration) =>
      autocannon({
        url: `${server.url}/v2/payments?limit=${limit}`,
        connections,
        duration,
        headers: { Authorization: AUTHORIZATION, Accept: 'application/json', 'User-Agent': 'merchant-ordering-bench/1.0' },
      });
    const byLimit = {};
    for (const limit of limits) {
      await load(limit, 1); // warm-up: JIT, sorted order and page cache, keep-alive sockets
      const runs = [];
      const cpuPerRequest = [];
      for (let round = 0; round < rounds; round++) {
        const cpuBefore = cpuMsOf(server.pid);
        const result = await load(limit, seconds);
        cpuPerRequest.push((cpuMsOf(server.pid) - cpuBefore) / result.requests.total);
        if (result.non2xx || result.errors || result.timeouts) {
          throw new Error(`limit ${limit}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
        }
        runs.push(result);
        log(`  sandbox throughput: limit ${limit}, round ${round + 1}/${rounds}: ${Math.round(result.requests.average)} req/s`);
      }
      byLimit[limit] = {
        requestsPerSecond: summarize(runs.map((run) => run.requests.average)),
        // CPU the sandbox process spent per request: what one free core could serve, whatever else runs.
        cpuMsPerRequest: summarize(cpuPerRequest),
        latencyMs: { p50: summarize(runs.map((run) => run.latency.p50)), p99: summarize(runs.map((run) => run.latency.p99)) },
        bytesPerResponse: Math.round(runs[0].throughput.total / runs[0].requests.total),
        requests: runs.reduce((sum, run) => sum + run.requests.total, 0),
      };
    }
    return {
      title: 'Sandbox throughput',
      method: { tool: `autocannon ${autocannonVersion()}`, connections, secondsPerRound: seconds, rounds, payments: 1000, statistic: 'mean req/s of each round' },
      byLimit,
      floor: { requestsPerSecond: FLOOR_RPS, atLimit: 20 },
    };
  } finally {
    await server.close();
  }
}

function autocannonVersion() {
  return JSON.parse(readFileSync(createRequire(import.meta.url).resolve('autocannon/package.json'), 'utf8')).version;
}

await runAsScript(import.meta.url, () => measureSandboxThroughput());
