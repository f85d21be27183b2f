// Row 2 (method: BENCHMARKS.md): the same call with fetch stubbed to answer at once (as openapi-fetch's own benchmark does), so only each library's work
// around fetch is timed.
import axios, { AxiosHeaders } from 'axios';
import createFetchClient from 'openapi-fetch';
import { AUTHORIZATION, CREDENTIALS, handWrittenListUrl, LIST_QUERY, payment } from '../lib/fixtures.mjs';
import { blocks, codeBlock, formatDuration, formatRatio, meets, range, table, verdict } from '../lib/format.mjs';
import { ratiosTo, timeInRounds } from '../lib/measure.mjs';
import { clientEntry } from '../lib/workspace.mjs';

const TARGET_RATIO = 1.6; // issue 28: openapi-fetch plus the wrappers and the request loop under it
const BASE_URL = 'https://api.bench.invalid'; // never contacted: every fetch is the stub
const PAGE = JSON.stringify({ totalResults: 1, offset: 0, limit: 20, results: [payment(0)] });

async function measure(log, { rounds = 7, timeMs = 300 } = {}) {
  const { createClient } = await import(clientEntry);
  const { normaliseListPaymentsQuery: normalise } = await import(new URL('query.js', `file://${clientEntry}`).href);
  const urls = {};
  let userAgent;
  const stub = (name) => async (input) => {
    urls[name] ??= typeof input === 'string' ? input : input.url;
    if (typeof input !== 'string') userAgent ??= input.headers.get('user-agent');
    return new Response(PAGE, { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  const client = createClient({ ...CREDENTIALS, baseUrl: BASE_URL, fetch: stub('client') });
  await client.listPayments(LIST_QUERY); // learns the User-Agent the others then send
  const headers = { Authorization: AUTHORIZATION, Accept: 'application/json', 'User-Agent': userAgent };
  const bare = createFetchClient({ baseUrl: BASE_URL, headers, fetch: stub('openapi-fetch') });
  const validated = createFetchClient({ baseUrl: BASE_URL, headers, fetch: stub('openapi-fetch + validation') });
  // What the design itself asks for on a fetch transport, and nothing else: the validated call, with one Request per attempt carrying an attempt's own
  // signal. The floor any client of this design stands on.
  const attemptStub = stub('design floor');
  const perAttempt = (request) => attemptStub(new Request(request, { signal: new AbortController().signal }));
  const designFloor = createFetchClient({ baseUrl: BASE_URL, headers, fetch: perAttempt });
  const { api } = createClient({ ...CREDENTIALS, baseUrl: BASE_URL, fetch: stub('client.api') });
  const handFetch = stub('hand-written');
  const axiosClient = axios.create({
    baseURL: BASE_URL,
    headers,
    paramsSerializer: { indexes: null }, // repeated keys (ids=a&ids=b), as the API requires
    adapter: async (config) => {
      urls.axios ??= axiosClient.getUri(config); // the serialisation a real adapter does
      return { data: PAGE, status: 200, statusText: 'OK', headers: new AxiosHeaders({ 'content-type': 'application/json' }), config, request: {} };
    },
  });
  const query = { params: { query: LIST_QUERY } };
  const variants = {
    'hand-written': async () => (await handFetch(handWrittenListUrl(BASE_URL), { headers })).json(),
    'openapi-fetch': async () => (await bare.GET('/v2/payments', query)).data,
    'openapi-fetch + validation': async () => (await validated.GET('/v2/payments', { params: { query: normalise(LIST_QUERY) } })).data,
    'design floor': async () => (await designFloor.GET('/v2/payments', { params: { query: normalise(LIST_QUERY) } })).data,
    'client.api': async () => (await api.GET('/v2/payments', query)).data,
    client: () => client.listPayments(LIST_QUERY),
    axios: async () => (await axiosClient.get('/v2/payments', { params: LIST_QUERY })).data,
  };
  for (const [name, call] of Object.entries(variants)) {
    const data = await call();
    if (data?.results?.[0]?.id !== 'p000000') throw new Error(`${name} did not return the page: ${JSON.stringify(data)}`);
  }
  if (urls.client !== urls['openapi-fetch'] || urls.client !== urls['hand-written'])
    throw new Error(`the variants sent different URLs: ${JSON.stringify(urls, null, 2)}`);
  const msPerCall = await timeInRounds(variants, { rounds, timeMs, log });
  const ratios = ratiosTo(msPerCall, 'openapi-fetch');
  return { method: { rounds, timeMs }, axiosUrl: urls.axios, msPerCall, ratios };
}

function report({ method, axiosUrl, msPerCall, ratios }) {
  const rows = Object.keys(msPerCall).map((name) => [
    name,
    range(msPerCall[name], formatDuration),
    name === 'openapi-fetch' ? '1' : range(ratios[`${name} / openapi-fetch`], formatRatio),
  ]);
  const ratio = ratios['client / openapi-fetch'];
  return blocks(
    `${method.rounds} rounds after a warm-up round, ${method.timeMs} ms per variant per round; a round's value is the median latency per call; ratios are paired within each round. Every fetch is a stub that answers at once with the same one-payment page (a new Response each call). Our client, openapi-fetch and the hand-written call sent the same URL; axios (repeated keys via \`paramsSerializer: { indexes: null }\`, its adapter calling \`getUri\` as a real adapter would) encodes \`:\`, \`,\` and spaces its own way:`,
    codeBlock(`axios: ${axiosUrl}`),
    table(['Variant', 'Per call: median (min–max)', 'Ratio to openapi-fetch: median (min–max)'], rows),
    `**Target:** our client ≤ ${TARGET_RATIO}× bare openapi-fetch: ${range(ratio, formatRatio)}, ${verdict(meets(ratio.median, TARGET_RATIO))}. Issue 28's design on its own (validation and one Request per attempt) is ${range(ratios['design floor / openapi-fetch'], formatRatio)}.`,
  );
}

export default { id: 'preparation', title: '2. Request preparation', timeoutMs: 180_000, measure, report };
