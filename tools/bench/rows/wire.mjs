// Row 1 (method: BENCHMARKS.md): one List Payments call against a keep-alive node:http server in another process. The target pairs the client with a
// hand-written node:http call: the same transport, so the ratio is the client's own work. Every variant must send the same request target.
import { Agent, request as httpRequest } from 'node:http';
import createFetchClient from 'openapi-fetch';
import { AUTHORIZATION, CREDENTIALS, handWrittenListUrl, LIST_QUERY } from '../lib/fixtures.mjs';
import { blocks, codeBlock, formatDuration, formatRatio, meets, range, table, verdict } from '../lib/format.mjs';
import { mapValues, ratiosTo, timeInRounds } from '../lib/measure.mjs';
import { startPaymentsServer } from '../lib/processes.mjs';
import { clientEntry } from '../lib/workspace.mjs';

const TARGET = { ratio: 1.15, of: 'client (node:http)', to: 'node:http floor' };
const TRANSPORTS = {
  'fetch floor': 'global fetch (undici; its default keep-alive pool)',
  'node:http floor': 'node:http, `new Agent({ keepAlive: true })`',
  'openapi-fetch': 'global fetch (undici), through openapi-fetch',
  'design floor': "node:http (the floor's call), as the `fetch` of openapi-fetch: no deadline, retry, cap or check",
  'client (node:http)': "the client's own node:http transport (keep-alive Agent), as shipped",
  'client (fetch)': "global fetch (undici), injected as the client's `fetch`",
};

async function measure(log, { rounds = 7, timeMs = 400 } = {}) {
  const { createClient } = await import(clientEntry);
  const { serialiseQuery } = await import(new URL('query.js', `file://${clientEntry}`).href);
  const server = await startPaymentsServer({ total: 1 });
  const agent = new Agent({ keepAlive: true });
  const lastRequest = async () => (await fetch(`${server.url}/__last`)).json();
  try {
    const base = server.url;
    const client = createClient({ ...CREDENTIALS, baseUrl: base });
    const clientOverFetch = createClient({ ...CREDENTIALS, baseUrl: base, fetch: (request) => fetch(request) });
    await client.listPayments(LIST_QUERY);
    // The floors and openapi-fetch send the headers the client sends, its User-Agent included.
    const headers = { Authorization: AUTHORIZATION, Accept: 'application/json', 'User-Agent': (await lastRequest()).headers['user-agent'] };
    const bare = createFetchClient({ baseUrl: base, headers });
    // The least any client of issue 28's design does on node:http: openapi-fetch builds its Request, the floor's call sends it, and openapi-fetch parses the
    // Response it is handed. Nothing of the loop.
    const overFloor = async (request) => {
      const { status, headers: received, text } = await nodeHttpGet(request.url, Object.fromEntries(request.headers), agent);
      return new Response(text, { status, headers: received });
    };
    const designFloor = createFetchClient({ baseUrl: base, headers, querySerializer: serialiseQuery, fetch: overFloor });
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
      'design floor': async () => (await designFloor.GET('/v2/payments', { params: { query: LIST_QUERY } })).data,
      'client (node:http)': () => client.listPayments(LIST_QUERY),
      'client (fetch)': () => clientOverFetch.listPayments(LIST_QUERY),
    };
    const requests = {};
    for (const [name, call] of Object.entries(variants)) requests[name] = await call().then(lastRequest);
    const targets = mapValues(requests, ({ target }) => target);
    if (new Set(Object.values(targets)).size !== 1) throw new Error(`the variants sent different request targets: ${JSON.stringify(targets, null, 2)}`);
    const msPerCall = await timeInRounds(variants, { rounds, timeMs, log });
    const ratios = ratiosTo(msPerCall, 'fetch floor', 'node:http floor');
    const received = mapValues(requests, ({ headers: sent }) => Object.keys(sent).sort());
    return { method: { rounds, timeMs }, target: Object.values(targets)[0], headers: received, msPerCall, ratios };
  } finally {
    agent.destroy();
    await server.close();
  }
}

/** The hand-written node:http call: GET, collect the body, parse it. */
async function nodeHttpGetJson(url, headers, agent) {
  const { status, text } = await nodeHttpGet(url, headers, agent);
  if (status !== 200) throw new Error(`status ${status}`);
  return JSON.parse(text);
}

function nodeHttpGet(url, headers, agent) {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode, headers: new Headers(response.headers), text: Buffer.concat(chunks).toString() }));
    })
      .on('error', reject)
      .end();
  });
}

function report({ method, target, headers, msPerCall, ratios }) {
  const ratioCell = (name, floor) => (name === floor ? '1' : range(ratios[`${name} / ${floor}`], formatRatio));
  const rows = Object.keys(msPerCall).map((name) => [
    name,
    TRANSPORTS[name] ?? '',
    headers[name].join(', '),
    range(msPerCall[name], formatDuration),
    ratioCell(name, 'node:http floor'),
    ratioCell(name, 'fetch floor'),
  ]);
  const ratio = ratios[`${TARGET.of} / ${TARGET.to}`];
  const info = ['client (node:http)', 'client (fetch)', 'openapi-fetch'].map((name) => `${name} ${ratioCell(name, 'fetch floor')}`).join('; ');
  return blocks(
    `${method.rounds} rounds after a warm-up round, ${method.timeMs} ms per variant per round (tinybench, plus its own warm-up); a round's value is the variant's median latency per call; every ratio is taken within each round, then summarised. Every variant sent the same request target, checked on the server before timing:`,
    codeBlock(`GET ${target}`),
    table(['Variant', 'Transport', 'Headers the server received', 'Per call: median (min–max)', 'Ratio to node:http floor', 'Ratio to fetch floor'], rows),
    `**Target:** the client on its default transport ≤ ${TARGET.ratio}× the hand-written keep-alive node:http call, paired per round: ${range(ratio, formatRatio)}, ${verdict(meets(ratio.median, TARGET.ratio))}. Issue 28's design on its own, openapi-fetch over the floor's call with none of the loop, is ${ratioCell('design floor', 'node:http floor')}. For information, against the fetch floor: ${info}.`,
  );
}

export default { id: 'wire', title: '1. Wire overhead', timeoutMs: 180_000, measure, report };
