// Item 1, wire overhead: one List Payments call (four array parameters, two dates) against a local
// keep-alive node:http server in another process, timed call by call. Compared, in the same rounds:
//   - fetch floor:      a hand-written URL and global fetch (undici, its default keep-alive pool)
//   - node:http floor:  a hand-written URL and node:http with a keep-alive Agent (our transport's floor)
//   - openapi-fetch:    bare openapi-fetch over global fetch, the same URL and headers
//   - client (node:http): our client as shipped on Node (its own keep-alive node:http transport)
//   - client (fetch):   our client with global fetch injected: the same transport as the fetch floor
// Every variant's request is checked to be the same request target before anything is timed.
// The target compares the client on its default transport with the node:http floor, paired per round:
// the same transport, so the ratio is what the client's own work costs. The ratios against the fetch
// floor are reported for information (undici and node:http are different code).
import { Agent, request as httpRequest } from 'node:http';
import { pathToFileURL } from 'node:url';
import createFetchClient from 'openapi-fetch';
import { AUTHORIZATION, CREDENTIALS, LIST_QUERY, handWrittenListUrl } from './lib/fixtures.mjs';
import { clientEntry } from './lib/paths.mjs';
import { runAsScript, startPaymentsServer } from './lib/processes.mjs';
import { timeInRounds } from './lib/rounds.mjs';
import { pairedRatios, summarize } from './lib/stats.mjs';

export const TARGET_RATIO = 1.15;
/** The ratio the target applies to, a key of the result's `ratios`. */
export const TARGET_OF = 'client (node:http) / node:http floor';

export async function measureWireOverhead({ rounds = 7, timeMs = 400, log = console.log } = {}) {
  const { createClient } = await import(pathToFileURL(clientEntry).href);
  const server = await startPaymentsServer({ total: 1 });
  const agent = new Agent({ keepAlive: true });
  try {
    const base = server.url;
    const client = createClient({ ...CREDENTIALS, baseUrl: base });
    const clientOverFetch = createClient({ ...CREDENTIALS, baseUrl: base, fetch: (request) => fetch(request) });

    // The floors and openapi-fetch send the headers our client sends (its User-Agent included).
    await client.listPayments(LIST_QUERY);
    const userAgent = (await lastRequest(base)).headers['user-agent'];
    const headers = { Authorization: AUTHORIZATION, Accept: 'application/json', 'User-Agent': userAgent };
    const bare = createFetchClient({ baseUrl: base, headers });

    const variants = {
      'fetch floor': async () => {
        const response = await fetch(handWrittenListUrl(base), { headers });
        if (!response.ok) throw new Error(`status ${response.status}`);
        return response.json();
      },
      'node:http floor': () => nodeHttpGetJson(handWrittenListUrl(base), headers, agent),
      'openapi-fetch': async () => {
        const { data, error } = await bare.GET('/v2/payments', { params: { query: LIST_QUERY } });
        if (error) throw new Error(JSON.stringify(error));
        return data;
      },
      'client (node:http)': () => client.listPayments(LIST_QUERY),
      'client (fetch)': () => clientOverFetch.listPayments(LIST_QUERY),
    };

    const requests = {};
    for (const [name, call] of Object.entries(variants)) {
      await call();
      const { target, headers: sent } = await lastRequest(base);
      requests[name] = { target, headers: Object.keys(sent).sort() };
    }
    const targets = new Set(Object.values(requests).map(({ target }) => target));
    if (targets.size !== 1) throw new Error(`the variants sent different requests: ${JSON.stringify(requests, null, 2)}`);

    const perCall = await timeInRounds(variants, {
      rounds,
      timeMs,
      onRound: (round) => log(`  wire overhead: round ${round + 1}/${rounds} done`),
    });
    const ratio = (name, floor) => summarize(pairedRatios(perCall[name].values, perCall[floor].values));
    return {
      title: 'Wire overhead',
      method: { rounds, timeMsPerTaskPerRound: timeMs, statistic: 'median latency per call within a round (tinybench p50)' },
      request: { target: [...targets][0], headersByVariant: Object.fromEntries(Object.entries(requests).map(([name, { headers: h }]) => [name, h])) },
      msPerCall: perCall,
      ratios: {
        [TARGET_OF]: ratio('client (node:http)', 'node:http floor'),
        'client (node:http) / fetch floor': ratio('client (node:http)', 'fetch floor'),
        'client (fetch) / fetch floor': ratio('client (fetch)', 'fetch floor'),
        'openapi-fetch / fetch floor': ratio('openapi-fetch', 'fetch floor'),
        'node:http floor / fetch floor': ratio('node:http floor', 'fetch floor'),
        'client (fetch) / openapi-fetch': ratio('client (fetch)', 'openapi-fetch'),
      },
      target: { ratio: TARGET_RATIO, of: TARGET_OF },
    };
  } finally {
    agent.destroy();
    await server.close();
  }
}

/** The hand-written node:http call: GET, collect the body, parse it. */
function nodeHttpGetJson(url, headers, agent) {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}`));
        resolve(JSON.parse(Buffer.concat(chunks).toString()));
      });
    })
      .on('error', reject)
      .end();
  });
}

async function lastRequest(base) {
  const response = await fetch(`${base}/__last`);
  return response.json();
}

await runAsScript(import.meta.url, () => measureWireOverhead());
