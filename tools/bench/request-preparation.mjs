// Item 2, request preparation: the same List Payments call with fetch stubbed to answer at once (as
// openapi-fetch's own benchmark does), so only the work each library does around fetch is timed:
// validating, serialising, building the Request, and reading the response. Compared in the same rounds:
//   - hand-written:      a hand-built URL, the stub, response.json() (the floor)
//   - openapi-fetch:     bare openapi-fetch over the stub
//   - openapi-fetch + validation: bare openapi-fetch plus the client's query validation.
//   - rawClient: openapi-fetch over the client's request loop (`@merchant-ordering/client/raw`): per
//     attempt a Request built on the attempt's signal, the deadline timer, the body read whole under
//     the size cap, and a Response handed back to openapi-fetch. These two split the client's cost; the
//     client's own methods do not go through openapi-fetch's client (they serialise the query and read
//     the answer's text themselves), so the two parts do not add up to the client.
//   - client:            our client with the stub injected as its fetch
//   - axios:             axios with a custom adapter that serialises the URL and answers at once
import { pathToFileURL } from 'node:url';
import axios, { AxiosHeaders } from 'axios';
import createFetchClient from 'openapi-fetch';
import { AUTHORIZATION, CREDENTIALS, LIST_QUERY, handWrittenListUrl, payment } from './lib/fixtures.mjs';
import { clientDir, clientEntry } from './lib/paths.mjs';
import { runAsScript } from './lib/processes.mjs';
import { timeInRounds } from './lib/rounds.mjs';
import { pairedRatios, summarize } from './lib/stats.mjs';

export const TARGET_RATIO = 1.5;
// Never contacted: every variant's fetch is the stub. `.invalid` makes sure of it.
const BASE_URL = 'https://api.bench.invalid';
// The same one-payment page the wire item's server answers.
const PAGE = JSON.stringify({ totalResults: 1, offset: 0, limit: 20, results: [payment(0)] });

export async function measureRequestPreparation({ rounds = 7, timeMs = 300, log = console.log } = {}) {
  const { createClient } = await import(pathToFileURL(clientEntry).href);
  const { normalise, rawClient } = await importClientParts();
  const sent = {};
  const stub = (name) => async (input) => {
    sent[name] ??= typeof input === 'string' ? input : input.url;
    return new Response(PAGE, { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  const client = createClient({ ...CREDENTIALS, baseUrl: BASE_URL, fetch: stub('client') });
  const userAgent = await captureUserAgent(createClient);
  const headers = { Authorization: AUTHORIZATION, Accept: 'application/json', 'User-Agent': userAgent };
  const bare = createFetchClient({ baseUrl: BASE_URL, headers, fetch: stub('openapi-fetch') });
  const validated = createFetchClient({ baseUrl: BASE_URL, headers, fetch: stub('openapi-fetch + validation') });
  const raw = rawClient && rawClient(createClient({ ...CREDENTIALS, baseUrl: BASE_URL, fetch: stub('rawClient') }));
  const handFetch = stub('hand-written');
  const axiosClient = axios.create({
    baseURL: BASE_URL,
    headers,
    // Repeated keys for arrays (ids=a&ids=b), as the API requires; axios's default is ids[]=a.
    paramsSerializer: { indexes: null },
    adapter: async (config) => {
      const url = axiosClient.getUri(config); // the serialisation a real adapter does
      sent.axios ??= url;
      return { data: PAGE, status: 200, statusText: 'OK', headers: new AxiosHeaders({ 'content-type': 'application/json' }), config, request: {} };
    },
  });

  const variants = {
    'hand-written': async () => (await handFetch(handWrittenListUrl(BASE_URL), { headers })).json(),
    'openapi-fetch': async () => (await bare.GET('/v2/payments', { params: { query: LIST_QUERY } })).data,
    ...(normalise && {
      'openapi-fetch + validation': async () =>
        (await validated.GET('/v2/payments', { params: { query: normalise(LIST_QUERY) } })).data,
    }),
    ...(raw && {
      rawClient: async () => (await raw.GET('/v2/payments', { params: { query: LIST_QUERY } })).data,
    }),
    client: () => client.listPayments(LIST_QUERY),
    axios: async () => (await axiosClient.get('/v2/payments', { params: LIST_QUERY })).data,
  };
  for (const [name, call] of Object.entries(variants)) {
    const data = await call();
    if (data?.results?.[0]?.id !== 'p000000') throw new Error(`${name} did not return the page: ${JSON.stringify(data)}`);
  }
  const urls = { ...sent };
  // openapi-fetch and our client must send the same URL; axios encodes : , and space its own way.
  if (urls.client !== urls['openapi-fetch'] || urls.client !== urls['hand-written']) {
    throw new Error(`the variants sent different URLs: ${JSON.stringify(urls, null, 2)}`);
  }

  const perCall = await timeInRounds(variants, {
    rounds,
    timeMs,
    onRound: (round) => log(`  request preparation: round ${round + 1}/${rounds} done`),
  });
  const ratio = (name, base) => summarize(pairedRatios(perCall[name].values, perCall[base].values));
  const ratios = {
    'client / openapi-fetch': ratio('client', 'openapi-fetch'),
    'axios / openapi-fetch': ratio('axios', 'openapi-fetch'),
    'openapi-fetch / hand-written': ratio('openapi-fetch', 'hand-written'),
    'client / hand-written': ratio('client', 'hand-written'),
  };
  if (normalise) ratios['openapi-fetch + validation / openapi-fetch'] = ratio('openapi-fetch + validation', 'openapi-fetch');
  if (raw) ratios['rawClient / openapi-fetch'] = ratio('rawClient', 'openapi-fetch');
  return {
    title: 'Request preparation',
    method: { rounds, timeMsPerTaskPerRound: timeMs, statistic: 'median latency per call within a round (tinybench p50)' },
    urls,
    split: { validation: Boolean(normalise), rawClient: Boolean(raw) },
    msPerCall: perCall,
    ratios,
    target: { ratio: TARGET_RATIO, of: 'client / openapi-fetch' },
  };
}

/**
 * Two parts of the built client, for the split: its query validation (internal) and rawClient (its
 * `./raw` entry). Either is null when its module has moved or changed shape; that part of the split is
 * then skipped.
 */
async function importClientParts() {
  const load = async (file, name) => {
    try {
      const exported = (await import(pathToFileURL(`${clientDir}/dist/${file}`).href))[name];
      return typeof exported === 'function' ? exported : null;
    } catch {
      return null;
    }
  };
  return { normalise: await load('query.js', 'normaliseListPaymentsQuery'), rawClient: await load('raw.js', 'rawClient') };
}

/** The User-Agent the client sends, so the other variants can send the same headers. */
async function captureUserAgent(createClient) {
  let userAgent;
  const probe = createClient({
    ...CREDENTIALS,
    baseUrl: BASE_URL,
    fetch: async (request) => {
      userAgent = request.headers.get('user-agent');
      return new Response(PAGE, { headers: { 'Content-Type': 'application/json' } });
    },
  });
  await probe.listPayments(LIST_QUERY);
  return userAgent;
}

await runAsScript(import.meta.url, () => measureRequestPreparation());
