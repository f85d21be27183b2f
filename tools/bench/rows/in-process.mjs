// What a test suite gains from createSandbox(): the client's calls (List Payments, limit 20, one at a
// time as a test awaits them) through `sandbox.fetch` in this process, against the same calls to the
// node:http host in another process over loopback. The floor, a fetch that hands back the same page at
// once, is what the client itself costs per call.
import { formatRatio, inRounds, perSecond, range, ratioOf, summarize, table, verdict } from '../lib/measure.mjs';
import { startSandboxServer } from '../lib/processes.mjs';
import { clientEntry, repoRoot } from '../lib/workspace.mjs';

const TARGET_RATIO = 5;
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
    const perRound = await inRounds(Object.keys(clients), rounds, async (name) => {
      let count = 0;
      const started = performance.now();
      while (performance.now() - started < msPerVariant) count += Boolean(await clients[name].listPayments({ limit }));
      return count / ((performance.now() - started) / 1000);
    }, log);
    const [local, remote, floor] = Object.keys(clients);
    return { method: { rounds, msPerVariant, limit }, callsPerSecond: Object.fromEntries(Object.entries(perRound).map(([name, values]) => [name, summarize(values)])), ratio: ratioOf(perRound, local, remote), floorRatio: ratioOf(perRound, local, floor) };
  } finally {
    await inProcess.close();
    await server.close();
  }
}

function report({ method, callsPerSecond, ratio, floorRatio }) {
  return [
    `The client calls List Payments at limit ${method.limit}, one call at a time, for ${method.msPerVariant} ms per variant per round, the variants in turns; ${method.rounds} rounds after a warm-up round. "In process" is \`createClient({ fetch: sandbox.fetch })\` on \`createSandbox()\`; "node:http" is the client on its default transport against the node:http sandbox in a process of its own. Both hold the same 1,000 payments and answered the same page before timing.`,
    '',
    table(['Variant', 'Calls/s: median (min–max)', 'Per call (median)'], Object.entries(callsPerSecond).map(([name, s]) => [name, range(s, calls), `${(1e6 / s.median).toFixed(0)} µs`])),
    '',
    `In process against the floor (1 would be a sandbox that costs nothing): ${range(floorRatio, formatRatio)}.`,
    '',
    `**Target:** in process ≥ ${TARGET_RATIO}× node:http: ${range(ratio, formatRatio)}, ${verdict(ratio.median >= TARGET_RATIO)}.`,
  ].join('\n');
}

export default { id: 'in-process', title: '7b. The sandbox in process', timeoutMs: 180_000, measure, report };
