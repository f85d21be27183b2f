// Item 7, sandbox throughput: List Payments on the node:http host (packages/sandbox, 1,000 payments, in
// its own process) under load from autocannon, at limit 20 and at limit 250, in requests per second,
// side by side with main's sandbox from before the engine (lib/sandbox-baseline.mjs) in its own process:
// each round loads one, then the other, in turns, and their ratio is taken round by round. The floor
// (2,000 req/s at limit 20) and the ratio's goal (≥ 0.9× main) are reported, not asserted. The load
// tool runs in this process, on the same 2 cores. Each sandbox's CPU time per request (from /proc) is
// recorded too: on a shared machine it says what one free core would serve when the wall-clock rate cannot.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { cpuMsOf } from './lib/machine.mjs';
import { runAsScript, startSandboxServer } from './lib/processes.mjs';
import { buildSandboxAt } from './lib/sandbox-baseline.mjs';
import { pairedRatios, rotate, summarize } from './lib/stats.mjs';

export const FLOOR_RPS = 2000;
export const BASELINE_TARGET = 0.9;
const AUTHORIZATION = 'Basic MzI6YWJjZGVmZ2g=';

export async function measureSandboxThroughput({ rounds = 5, seconds = 4, connections = 10, limits = [20, 250], log = console.log } = {}) {
  const baseline = await buildSandboxAt();
  const servers = {};
  try {
    servers.current = await startSandboxServer({ payments: 1000 });
    servers.baseline = await startSandboxServer({ payments: 1000, entry: baseline.entry });
    const load = (server, limit, duration) =>
      autocannon({
        url: `${server.url}/v2/payments?limit=${limit}`,
        connections,
        duration,
        headers: { Authorization: AUTHORIZATION, Accept: 'application/json', 'User-Agent': 'merchant-ordering-bench/1.0' },
      });
    const byLimit = {};
    for (const limit of limits) {
      // warm-up: JIT, sorted order and page cache, keep-alive sockets
      for (const server of Object.values(servers)) await load(server, limit, 1);
      const runs = { current: [], baseline: [] };
      const cpuPerRequest = { current: [], baseline: [] };
      for (let round = 0; round < rounds; round++) {
        for (const build of rotate(['current', 'baseline'], round)) {
          const server = servers[build];
          const cpuBefore = cpuMsOf(server.pid);
          const result = await load(server, limit, seconds);
          cpuPerRequest[build].push((cpuMsOf(server.pid) - cpuBefore) / result.requests.total);
          if (result.non2xx || result.errors || result.timeouts) {
            throw new Error(`${build}, limit ${limit}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
          }
          runs[build].push(result);
        }
        log(`  sandbox throughput: limit ${limit}, round ${round + 1}/${rounds}: ${Math.round(runs.current.at(-1).requests.average)} req/s, main before the engine ${Math.round(runs.baseline.at(-1).requests.average)} req/s`);
      }
      const rps = (build) => runs[build].map((run) => run.requests.average);
      byLimit[limit] = {
        requestsPerSecond: summarize(rps('current')),
        // CPU the sandbox process spent per request: what one free core could serve, whatever else runs.
        cpuMsPerRequest: summarize(cpuPerRequest.current),
        latencyMs: { p50: summarize(runs.current.map((run) => run.latency.p50)), p99: summarize(runs.current.map((run) => run.latency.p99)) },
        bytesPerResponse: Math.round(runs.current[0].throughput.total / runs.current[0].requests.total),
        requests: runs.current.reduce((sum, run) => sum + run.requests.total, 0),
        baseline: { requestsPerSecond: summarize(rps('baseline')), cpuMsPerRequest: summarize(cpuPerRequest.baseline) },
        ratioToBaseline: summarize(pairedRatios(rps('current'), rps('baseline'))),
      };
    }
    return {
      title: 'Sandbox throughput',
      method: { tool: `autocannon ${autocannonVersion()}`, connections, secondsPerRound: seconds, rounds, payments: 1000, statistic: 'mean req/s of each round', baseline: baseline.commit },
      byLimit,
      floor: { requestsPerSecond: FLOOR_RPS, atLimit: 20 },
      baselineTarget: { ratio: BASELINE_TARGET, atLimit: 20 },
    };
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.close()));
    baseline.cleanUp();
  }
}

function autocannonVersion() {
  return JSON.parse(readFileSync(createRequire(import.meta.url).resolve('autocannon/package.json'), 'utf8')).version;
}

await runAsScript(import.meta.url, () => measureSandboxThroughput());
