// Row 7b (method: BENCHMARKS.md): the client through `createSandbox().fetch`, against the same client on a fetch that hands back the same page at once, so
// the ratio is what the sandbox's engine adds.
import { blocks, formatRatio, perSecond, range, ratioVerdict, table } from '../lib/format.mjs';
import { inRounds, mapValues, ratioOf, summarize } from '../lib/measure.mjs';
import { startSandboxServer } from '../lib/processes.mjs';
import { clientEntry, repoRoot } from '../lib/workspace.mjs';

const TARGET_RATIO = 1.5; // time per call, in process / floor
const BASE_URL = 'https://global-api-sandbox.afterpay.com';
const CREDENTIALS = { merchantId: '32', secretKey: 'abcdefgh', logLevel: 'off' };
const calls = perSecond('calls');

async function measure(log, { rounds = 7, msPerVariant = 1500, limit = 20 } = {}) {
  const { createClient } = await import(clientEntry);
  const { createSandbox } = await import(`${repoRoot}packages/sandbox/dist/fetch.js`);
  const inProcess = await createSandbox({ payments: 1000 });
  const server = await startSandboxServer({ payments: 1000 });
  try {
    const page = await inProcess.fetch(`${BASE_URL}/v2/payments?limit=${limit}`, { headers: { Authorization: 'Basic MzI6YWJjZGVmZ2g=' } });
    const headers = [...page.headers];
    const bytes = new Uint8Array(await page.arrayBuffer());
    const clients = {
      'in process (sandbox.fetch)': createClient({ ...CREDENTIALS, baseUrl: BASE_URL, fetch: inProcess.fetch }),
      'node:http host over loopback': createClient({ ...CREDENTIALS, baseUrl: server.url }),
      'floor: the page handed back at once': createClient({ ...CREDENTIALS, baseUrl: BASE_URL, fetch: async () => new Response(bytes, { headers }) }),
    };
    const pages = await Promise.all(Object.values(clients).map((client) => client.listPayments({ limit })));
    if (new Set(pages.map((answered) => JSON.stringify(answered))).size !== 1) throw new Error('the variants answered different pages');
    const callRate = async (name) => {
      let count = 0;
      const started = performance.now();
      while (performance.now() - started < msPerVariant) count += Boolean(await clients[name].listPayments({ limit }));
      return count / ((performance.now() - started) / 1000);
    };
    const perRound = await inRounds(Object.keys(clients), rounds, callRate, log);
    const [local, remote, floor] = Object.keys(clients);
    // Time per call is 1 / calls per second: the floor's rate over the engine's is the engine's time over the floor's.
    const callsPerSecond = mapValues(perRound, summarize);
    const ratio = ratioOf(callsPerSecond, floor, local);
    return { method: { rounds, msPerVariant, limit }, callsPerSecond, ratio, loopbackRatio: ratioOf(callsPerSecond, local, remote) };
  } finally {
    await inProcess.close();
    await server.close();
  }
}

function report({ method, callsPerSecond, ratio, loopbackRatio }) {
  const rows = Object.entries(callsPerSecond).map(([name, s]) => [name, range(s, calls), `${(1e6 / s.median).toFixed(0)} µs`]);
  return blocks(
    `The client calls List Payments at limit ${method.limit}, one call at a time, for ${method.msPerVariant} ms per variant per round, the variants in turns; ${method.rounds} rounds after a warm-up round. "In process" is \`createClient({ fetch: sandbox.fetch })\` on \`createSandbox()\`; the floor is the same client on a fetch that hands back the same page at once; "node:http" is the client on its default transport against the node:http sandbox in a process of its own. All hold the same 1,000 payments and answered the same page before timing.`,
    table(['Variant', 'Calls/s: median (min–max)', 'Per call (median)'], rows),
    `For information, in process against the node:http host over loopback (calls per second): ${range(loopbackRatio, formatRatio)}.`,
    `**Target:** time per call in process ≤ ${TARGET_RATIO}× the floor's (what the engine adds to the client): ${ratioVerdict(ratio, TARGET_RATIO)}.`,
  );
}

export default { id: 'in-process', title: '7b. The sandbox in process', timeoutMs: 180_000, measure, report };
