// Item 7, the engine in process: client calls per second for List Payments at limit 20, with the
// client's `fetch` the in-process sandbox's (createSandbox, @merchant-ordering/sandbox/fetch, in this
// process), against the same calls on the client's default transport to the node:http sandbox in
// another process over loopback: what a test suite gains by mocking in process. One call at a time, as
// a test awaits its calls; each round runs each variant for a fixed time, in turns, and the ratio is
// taken round by round. The goal (≥ 5×) is reported, not asserted. A third variant, the client with a
// fetch that hands back the same page's bytes at once, is the floor: what the client itself costs per
// call (building the request, reading and parsing the page), so the in-process sandbox's own share
// is the difference between the first two.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientEntry, repoRoot } from './lib/paths.mjs';
import { runAsScript, startSandboxServer } from './lib/processes.mjs';
import { pairedRatios, rotate, summarize } from './lib/stats.mjs';

export const TARGET_RATIO = 5;
const BASE_URL = 'https://global-api-sandbox.afterpay.com';
const CREDENTIALS = { merchantId: '32', secretKey: 'abcdefgh' };

export async function measureInProcessCalls({ rounds = 7, msPerVariant = 1500, limit = 20, log = console.log } = {}) {
  const { createClient } = await import(pathToFileURL(clientEntry).href);
  const { createSandbox } = await import(pathToFileURL(join(repoRoot, 'packages/sandbox/dist/fetch.js')).href);
  const inProcess = await createSandbox({ payments: 1000 });
  const server = await startSandboxServer({ payments: 1000 });
  try {
    const page = await inProcess.fetch(`${BASE_URL}/v2/payments?limit=${limit}`, { headers: { Authorization: 'Basic MzI6YWJjZGVmZ2g=' } });
    const pageHeaders = [...page.headers];
    const pageBytes = new Uint8Array(await page.arrayBuffer());
    const clients = {
      'in process (sandbox.fetch)': createClient({ ...CREDENTIALS, baseUrl: BASE_URL, fetch: inProcess.fetch, logLevel: 'off' }),
      'node:http host over loopback': createClient({ ...CREDENTIALS, baseUrl: server.url, logLevel: 'off' }),
      'floor: the page handed back at once': createClient({ ...CREDENTIALS, baseUrl: BASE_URL, fetch: async () => new Response(pageBytes, { headers: pageHeaders }), logLevel: 'off' }),
    };
    // All answer the same page: the same seed, the same dataset.
    const pages = await Promise.all(Object.values(clients).map((client) => client.listPayments({ limit })));
    if (new Set(pages.map((answered) => JSON.stringify(answered))).size !== 1) throw new Error('the variants answered different pages');

    const names = Object.keys(clients);
    const perRound = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = -1; round < rounds; round++) {
      for (const name of rotate(names, round + 1)) {
        const client = clients[name];
        let calls = 0;
        const started = performance.now();
        while (performance.now() - started < msPerVariant) {
          await client.listPayments({ limit });
          calls++;
        }
        if (round >= 0) perRound[name].push(calls / ((performance.now() - started) / 1000));
      }
      if (round >= 0) log(`  in process: round ${round + 1}/${rounds}: ${names.map((name) => `${name} ${Math.round(perRound[name].at(-1))} calls/s`).join(', ')}`);
    }
    return {
      title: 'The sandbox in process',
      method: { rounds, msPerVariant, limit, payments: 1000, statistic: 'calls per second in each round, one call at a time after a warm-up round', client: clientEntry },
      callsPerSecond: Object.fromEntries(names.map((name) => [name, summarize(perRound[name])])),
      ratio: summarize(pairedRatios(perRound[names[0]], perRound[names[1]])),
      // How close in process comes to the client's own cost: 1 would be a sandbox that costs nothing.
      floorRatio: summarize(pairedRatios(perRound[names[0]], perRound[names[2]])),
      target: { ratio: TARGET_RATIO },
    };
  } finally {
    await inProcess.close();
    await server.close();
  }
}

await runAsScript(import.meta.url, () => measureInProcessCalls());
