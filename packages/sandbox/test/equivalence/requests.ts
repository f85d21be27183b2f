// The shared set of requests that every host of the sandbox must answer alike (test/equivalence/:
// node:http, the in-process fetch, MSW, a Service Worker in Chromium). Every entry is a raw request,
// as it goes on the wire: the method, the target (origin form, or absolute form starting with
// `{origin}`, which a runner replaces with the host's own origin), the header lines in order with
// repeats kept, and the status every host must answer (or the statuses a vector allows). A group is
// sent in order to one fresh sandbox started with its options (inserts change what later requests
// see); the groups after the first give each credentials vector a sandbox of its own.
//
// It covers:
//   - every spec/vectors file that applies to a server: date-time.json (both parameters),
//     provider-scenarios.json, query-encoding.json (each query a client sends, and each refused
//     value whose wire form is itself the error: 422 and 500) and auth.json (each sandbox started with
//     those credentials accepts exactly that Authorization). responses.json (checked on every
//     documented answer by node-http.test.ts) and contact.json (no server takes an address) are not
//     requests;
//   - the sandbox's behaviours: auth, Accept, the three operations, the query rules, CORS, faults that
//     need no socket, the order of the checks pairwise, evolution (`evolve: true`);
//   - requests that hosts could parse differently: repeated headers, header names in any case,
//     whitespace around values, the absolute form, encoded slashes and dot segments, lower-case
//     percent-escapes, empty query parts.
// Faults that need a socket (reset, stall, slow-body) are compared in test/faults/ and per host;
// two Host lines, which no fetch caller can send, in test/requests/.
import type { SandboxOptions } from '../../src/index.js';
import { breaking, checkPairs } from '../helpers/check-order.js';
import { BASIC, type RawRequest } from '../helpers/raw-request.js';
import { AUTH_CASES, DATE_TIME_CASES, PROVIDER_SCENARIOS, QUERY_ENCODING_CASES } from '../helpers/vectors.js';

export interface EquivalenceCase extends RawRequest {
  name: string;
  /** The status every host must answer; a list where a vector allows several. */
  status: number | readonly number[];
}

export interface EquivalenceGroup {
  name: string;
  options: SandboxOptions;
  requests: EquivalenceCase[];
}

export const EQUIVALENCE_SANDBOX: SandboxOptions = { payments: 60, seed: 'equivalence' };

type Header = readonly [string, string];
const AUTH: Header = ['Authorization', BASIC];
const JSON_ACCEPT: Header = ['Accept', 'application/json'];
const AGENT: Header = ['User-Agent', 'sandbox-equivalence/1.0'];
const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

/** A GET of List Payments as a client sends it, with `extra` header lines after the usual ones. */
const payments = (name: string, query: string, status: number, extra: Header[] = [], base: Header[] = [AGENT, AUTH, JSON_ACCEPT]): EquivalenceCase => ({
  name,
  method: 'GET',
  target: `/v2/payments${query}`,
  headers: [...base, ...extra],
  status,
});
const request = (name: string, method: string, target: string, headers: Header[], status: EquivalenceCase['status']): EquivalenceCase => ({
  name,
  method,
  target,
  headers,
  status,
});
/** A GET with credentials and Accept: application/json, as a client sends it. */
const get = (name: string, target: string, status: number) => request(name, 'GET', target, [AGENT, AUTH, JSON_ACCEPT], status);

/** Every pair of checks, each broken with the other: the earlier one answers. */
function checkOrderPairs(): EquivalenceCase[] {
  return checkPairs().map(([first, second]) => ({
    name: `order: ${first.what} (${first.status}) before ${second.what} (${second.status})`,
    ...breaking(first, second),
    status: first.status,
  }));
}

// ---- spec/vectors/date-time.json: a valid date-time is read, an invalid one is a malformed date (500). ----

function dateTimeCases(): EquivalenceCase[] {
  return DATE_TIME_CASES.flatMap((vector) =>
    (['fromCreatedDate', 'toCreatedDate'] as const).map((name) =>
      payments(`date-time vector "${vector.name}" as ${name}`, `?${name}=${encodeURIComponent(vector.value)}`, vector.valid ? 200 : 500),
    ),
  );
}

// ---- provider-scenarios.json: as the vectors' README builds them, with a User-Agent. ----

const encodePairs = (pairs: ReadonlyArray<readonly [string, string]>) =>
  pairs.length ? `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}` : '';

function providerScenarios(): EquivalenceCase[] {
  return PROVIDER_SCENARIOS.map(({ name, request: scenario, expect }) => {
    const headers: Header[] = [AGENT, ...Object.entries(scenario.headers)];
    if (scenario.auth === 'credentials') headers.push(AUTH);
    else if (scenario.auth !== 'none') headers.push(['Authorization', scenario.auth.header]);
    return request(`provider scenario "${name}"`, scenario.method, `${scenario.path}${encodePairs(scenario.query)}`, headers, expect.status);
  });
}

// ---- query-encoding.json: what a client sends is answered; a refused value whose wire form is the error gets it. ----

const PATHS = { listPayments: '/v2/payments', getConfiguration: '/v2/configuration' } as const;
// Rules whose values still have one wire form, and what the service answers for it. The others
// (type, minItems, unknown, dateRange) are the client's own: their wire form is a valid request, or nothing.
const WIRE_ERRORS: Record<string, number> = { minimum: 422, maximum: 422, integer: 422, enum: 422, minLength: 422, comma: 500, format: 500 };

function queryEncodingCases(): EquivalenceCase[] {
  return QUERY_ENCODING_CASES.flatMap((vector) => {
    const path = PATHS[vector.operation];
    if (vector.query !== undefined) return [get(`query-encoding vector "${vector.name}"`, `${path}${vector.query ? `?${vector.query}` : ''}`, 200)];
    const status = WIRE_ERRORS[vector.error!.rule];
    if (status === undefined) return [];
    const pairs = Object.entries(vector.params).flatMap(([name, value]) => [value].flat().map((item) => [name, String(item)] as const));
    return [get(`query-encoding vector "${vector.name}" sent anyway`, `${path}${encodePairs(pairs)}`, status)];
  });
}

// ---- Requests that hosts could parse differently, beyond the ones above. ----

function parsing(): EquivalenceCase[] {
  return [
    payments(
      'header names in lower case',
      '?limit=1',
      200,
      [],
      [
        ['user-agent', 'x/1'],
        ['authorization', BASIC],
        ['accept', 'application/json'],
      ],
    ),
    payments(
      'header names in upper case',
      '?limit=1',
      200,
      [],
      [
        ['USER-AGENT', 'x/1'],
        ['AUTHORIZATION', BASIC],
        ['ACCEPT', 'application/json'],
      ],
    ),
    payments('spaces around header values', '?limit=1', 200, [], [AGENT, ['Authorization', `  ${BASIC}  `], ['Accept', ' application/json ']]),
    payments('an empty Accept', '?limit=1', 200, [], [AGENT, AUTH, ['Accept', '']]),
    payments('an empty Authorization', '', 401, [], [AGENT, ['Authorization', ''], JSON_ACCEPT]),
    payments('an empty Sandbox-Fault', '?limit=1', 400, [['Sandbox-Fault', '']]),
    payments('Sandbox-Fault in capitals with spaces', '', 429, [['Sandbox-Fault', ' Delay=1 , 429 ']]),
    payments('a lower-case percent-escape in an offset (%2b)', '?fromCreatedDate=2024-03-01T00:00:00.000%2b11:00', 200),
    payments('encoded colons in a date', '?toCreatedDate=2024-03-01T00%3A00%3A00.000%2B11%3A00', 200),
    payments('a + in a merchant reference arrives as a space', '?merchantReferences=A+B%20x', 200),
    payments('an encoded = and & inside a value', '?merchantReferences=a%3Db%26c', 200),
    payments('an empty query', '?', 200),
    payments('empty query parts', '?&&limit=1&', 200),
    payments('a name without a value', '?limit', 422),
    payments('a repeated name with a bracket suffix', '?ids[0]=1', 500),
    payments('a non-ASCII value, encoded', '?merchantReferences=%E6%B3%A8%E6%96%87', 200),
    payments('a broken percent-escape in a value', '?merchantReferences=100%25%zz', 200),
    get('an encoded + in the path is another path', '/v2/payments%2B', 404),
    get('an encoded non-ASCII path', '/v2/%E6%B3%A8', 404),
    get('a path that only differs in case', '/V2/Payments', 404),
    get('absolute form with a query', '{origin}/v2/payments?limit=1&statuses=APPROVED&statuses=DECLINED', 200),
    // What node:http's parser refuses before any rule: every host answers it alike (the engine's limits).
    request('a method in lower case (patch) is 400', 'patch', '/v2/payments', [AGENT, AUTH, JSON_ACCEPT], 400),
    request('a method in mixed case (Propfind) is 400', 'Propfind', '/ping', [AGENT], 400),
    get('a request target of exactly 8 KiB is read', longTarget(8 * 1024), 200),
    get('a request target one byte over 8 KiB is 431', longTarget(8 * 1024 + 1), 431),
    get("a request target of 1 MB, over node:http's 16 KiB request head, is 431", longTarget(1024 * 1024), 431),
  ];
}

/** A List Payments target of exactly `length` bytes: a merchant reference padded out. */
const longTarget = (length: number) => {
  const start = '/v2/payments?merchantReferences=';
  return start + 'r'.repeat(length - start.length);
};

// ---- CORS, which pages use on another origin: a page cannot set Origin itself (the Service Worker test skips these). ----

const LOCAL_DOCS = 'http://127.0.0.1:8080';
function cors(): EquivalenceCase[] {
  const preflight = (origin: string, extra: Header[] = []): Header[] => [
    ['Origin', origin],
    ['Access-Control-Request-Method', 'GET'],
    ['Access-Control-Request-Headers', 'authorization'],
    ...extra,
  ];
  return [
    request('CORS preflight from the local docs', 'OPTIONS', '/v2/payments?limit=2', preflight(LOCAL_DOCS), 204),
    request(
      'CORS preflight from the hosted docs, with Private Network Access',
      'OPTIONS',
      '/v2/payments',
      preflight('https://merchant-ordering.github.io', [['Access-Control-Request-Private-Network', 'true']]),
      204,
    ),
    request('CORS preflight from another site', 'OPTIONS', '/v2/payments', preflight('https://elsewhere.example'), 204),
    request('CORS preflight for an unknown path', 'OPTIONS', '/v2/payment', preflight(LOCAL_DOCS), 404),
    payments('CORS: List Payments from the local docs', '?limit=1', 200, [['Origin', LOCAL_DOCS]]),
    payments('CORS: a 401 from the local docs', '', 401, [['Origin', LOCAL_DOCS]], [AGENT, JSON_ACCEPT]),
    payments('CORS: a 429 from the hosted docs', '', 429, [
      ['Origin', 'https://merchant-ordering.github.io'],
      ['Sandbox-Fault', '429'],
    ]),
    payments('CORS: List Payments from another site', '?limit=1', 200, [['Origin', 'https://elsewhere.example']]),
  ];
}

// ---- auth.json: a sandbox started with each vector's credentials accepts exactly that Authorization. ----

function authGroups(): EquivalenceGroup[] {
  return AUTH_CASES.map(({ name, merchantId, secretKey, authorization }) => ({
    name: `auth vector "${name}"`,
    options: { payments: 1, merchantId, secretKey },
    requests: [
      request("the vector's Authorization is accepted", 'GET', '/v2/configuration', [AGENT, ['Authorization', authorization], JSON_ACCEPT], 200),
      request('the default credentials are not', 'GET', '/v2/configuration', [AGENT, AUTH, JSON_ACCEPT], authorization === BASIC ? 200 : 401),
      request(
        'the same base64 in lower case is not',
        'GET',
        '/v2/configuration',
        [AGENT, ['Authorization', `Basic ${authorization.slice(6).toLowerCase()}`], JSON_ACCEPT],
        authorization.slice(6) === authorization.slice(6).toLowerCase() ? 200 : 401,
      ),
    ],
  }));
}

export const EQUIVALENCE_REQUESTS: EquivalenceCase[] = [
  // Ping: no credentials needed, text/plain.
  request('ping without credentials or Accept', 'GET', '/ping', [AGENT], 200),
  request('ping with Accept: text/plain', 'GET', '/ping', [AGENT, ['Accept', 'text/plain']], 200),
  request('ping with Accept: application/json is 406', 'GET', '/ping', [AGENT, ['Accept', 'application/json']], 406),
  request('HEAD of ping', 'HEAD', '/ping', [AGENT], 200),
  request('ping ignores wrong credentials', 'GET', '/ping', [AGENT, ['Authorization', 'Bearer x']], 200),
  request('ping ignores a repeated Authorization', 'GET', '/ping', [AGENT, AUTH, ['Authorization', basic('32:wrong')]], 200),

  // Configuration.
  get('configuration', '/v2/configuration', 200),
  get('configuration with include repeated', '/v2/configuration?include=publicid&include=consumerlending&include=paybyinstallment', 200),
  get('configuration with an unknown include value', '/v2/configuration?include=somethingnew', 200),
  get('configuration with include comma-separated is 500', '/v2/configuration?include=publicid,consumerlending', 500),
  get('configuration with include[] is 500', '/v2/configuration?include[]=publicid', 500),
  request('configuration without credentials is 401', 'GET', '/v2/configuration', [AGENT, JSON_ACCEPT], 401),

  // Authentication: Basic, one space, canonical base64, sent once.
  payments('payments without credentials', '', 401, [], [AGENT, JSON_ACCEPT]),
  payments('a Bearer token', '', 401, [], [AGENT, JSON_ACCEPT, ['Authorization', 'Bearer abcdefgh']]),
  payments('Basic with no space before the base64', '', 401, [], [AGENT, JSON_ACCEPT, ['Authorization', BASIC.replace(' ', '')]]),
  payments('Basic with two spaces', '', 401, [], [AGENT, JSON_ACCEPT, ['Authorization', BASIC.replace(' ', '  ')]]),
  payments('the scheme in lower case (RFC 7617: case-insensitive)', '', 200, [], [AGENT, JSON_ACCEPT, ['Authorization', BASIC.replace('Basic', 'basic')]]),
  payments('base64 without its padding', '', 401, [], [AGENT, JSON_ACCEPT, ['Authorization', BASIC.replace(/=+$/, '')]]),
  payments('the wrong secret key', '', 401, [], [AGENT, JSON_ACCEPT, ['Authorization', basic('32:wrong')]]),
  payments('two Authorization lines, the right one first', '', 401, [['Authorization', basic('32:wrong')]]),
  payments('two Authorization lines, the right one last', '', 401, [], [AGENT, ['Authorization', basic('32:wrong')], AUTH, JSON_ACCEPT]),
  payments('the right Authorization twice', '', 401, [AUTH]),

  // Accept.
  payments('Accept: */*', '', 200, [], [AGENT, AUTH, ['Accept', '*/*']]),
  payments('no Accept at all', '', 200, [], [AGENT, AUTH]),
  payments('Accept: application/xml is 406', '', 406, [], [AGENT, AUTH, ['Accept', 'application/xml']]),
  payments('Accept: application/json;q=0 is 406', '', 406, [], [AGENT, AUTH, ['Accept', 'application/json;q=0']]),
  payments('two Accept lines read as one list (text/html, application/json)', '', 200, [], [AGENT, AUTH, ['Accept', 'text/html'], JSON_ACCEPT]),

  // Methods and paths.
  request('HEAD of payments', 'HEAD', '/v2/payments', [AGENT, AUTH, JSON_ACCEPT], 200),
  request('OPTIONS of payments, without credentials', 'OPTIONS', '/v2/payments', [AGENT], 204),
  request('POST of payments is 405', 'POST', '/v2/payments', [AGENT, AUTH, JSON_ACCEPT], 405),
  request('DELETE of configuration is 405', 'DELETE', '/v2/configuration', [AGENT, AUTH, JSON_ACCEPT], 405),
  get('an unknown path is 404', '/v2/payment', 404),
  get('a trailing slash is another path', '/v2/payments/', 404),

  // Targets that hosts could parse differently.
  get('absolute form', '{origin}/v2/payments?limit=1', 200),
  request('absolute form of ping', 'GET', '{origin}/ping', [AGENT], 200),
  get('absolute form of an unknown path', '{origin}/v2/payment', 404),
  get('a path starting with // is a path, not a host', '//v2/payments', 404),
  get('an encoded slash is not a separator', '/v2%2Fpayments', 404),
  get('an encoded slash at the end', '/v2/payments%2F', 404),
  get('an encoded letter in the path stays encoded', '/v2/%70ayments', 404),
  get('a dot segment', '/v2/./payments', 200),
  get('a double-dot segment', '/v2/x/../payments', 200),
  get('an encoded double-dot segment (URL parsers read %2e%2e as ..)', '/v2/x/%2e%2e/payments', 200),
  payments('an encoded digit in the query', '?limit=%32%30', 200),

  // List Payments' query.
  payments('limit 250', '?limit=250', 200),
  payments('limit 251 is 422', '?limit=251', 422),
  payments('a negative offset is 422', '?offset=-1', 422),
  payments('an unknown orderBy is 422', '?orderBy=amount', 422),
  payments('ascending=yes is 422', '?ascending=yes', 422),
  payments('limit given twice is 422', '?limit=1&limit=2', 422),
  payments('an empty ids value is 422', '?ids=', 422),
  payments('statuses repeated', '?statuses=APPROVED&statuses=declined', 200),
  payments('statuses comma-separated is 500', '?statuses=APPROVED,DECLINED', 500),
  payments('statuses[] is 500', '?statuses[]=APPROVED', 500),
  payments('an encoded comma in a merchant reference is 500', '?merchantReferences=a%2Cb', 500),
  payments('an offset sent as %2B', '?fromCreatedDate=2024-03-01T00:00:00.000%2B11:00', 200),
  payments('an unencoded + arrives as a space: 500', '?fromCreatedDate=2024-03-01T00:00:00.000+11:00', 500),
  ...dateTimeCases(),

  // Faults that need no socket: only after authentication, or on Ping.
  payments('Sandbox-Fault: 429', '', 429, [['Sandbox-Fault', '429']]),
  payments('Sandbox-Fault: 503', '', 503, [['Sandbox-Fault', '503']]),
  payments('an unknown Sandbox-Fault is 400', '', 400, [['Sandbox-Fault', 'boom']]),
  payments('an unknown Sandbox-Fault without credentials is 401', '', 401, [['Sandbox-Fault', 'boom']], [AGENT, JSON_ACCEPT]),
  payments('Sandbox-Fault: insert without credentials is 401, and inserts nothing', '', 401, [['Sandbox-Fault', 'insert']], [AGENT, JSON_ACCEPT]),
  payments('Sandbox-Fault: insert', '?limit=1', 200, [['Sandbox-Fault', 'insert']]),
  payments('two Sandbox-Fault lines apply both (insert, then 429)', '', 429, [
    ['Sandbox-Fault', 'insert'],
    ['Sandbox-Fault', '429'],
  ]),
  payments('Sandbox-Fault: delay=1', '?limit=1', 200, [['Sandbox-Fault', 'delay=1']]),
  request('a fault on an unknown path: 404, no fault', 'GET', '/v2/payment', [AGENT, AUTH, ['Sandbox-Fault', '429']], 404),
  request('a fault on OPTIONS: 204, no fault', 'OPTIONS', '/v2/payments', [AGENT, ['Sandbox-Fault', '429']], 204),
  request('a fault on Ping applies', 'GET', '/ping', [AGENT, ['Sandbox-Fault', '503']], 503),
  payments('after two inserts, the list has two more payments', '?limit=1', 200),

  ...checkOrderPairs(),
  ...providerScenarios(),
  ...queryEncodingCases(),
  ...parsing(),
  ...cors(),
];

// ---- Evolution (evolve: true): unknown fields in every JSON answer, errors included; unknown values in more payments. ----

const EVOLUTION: EquivalenceGroup = {
  name: 'evolution',
  options: { ...EQUIVALENCE_SANDBOX, evolve: true },
  requests: [
    payments('a page of payments', '?limit=5', 200),
    payments('a page in the other order', '?limit=5&ascending=true', 200),
    payments('the unknown status', '?statuses=PENDING_REVIEW_V2&limit=3', 200),
    payments('a known status', '?statuses=APPROVED&limit=3', 200),
    request('HEAD of a page', 'HEAD', '/v2/payments?limit=5', [AGENT, AUTH, JSON_ACCEPT], 200),
    get('the configuration with every part', '/v2/configuration?include=publicid&include=consumerlending&include=paybyinstallment', 200),
    payments('no credentials', '', 401, [], [AGENT, JSON_ACCEPT]),
    payments('limit 0', '?limit=0', 422),
    payments('a comma-separated status', '?statuses=APPROVED,DECLINED', 500),
    get('an unknown path', '/v2/payment', 404),
    payments('Sandbox-Fault: 503', '', 503, [['Sandbox-Fault', '503']]),
    request('ping is text', 'GET', '/ping', [AGENT], 200),
  ],
};

export const EQUIVALENCE_GROUPS: EquivalenceGroup[] = [
  { name: 'the sandbox', options: EQUIVALENCE_SANDBOX, requests: EQUIVALENCE_REQUESTS },
  EVOLUTION,
  ...authGroups(),
];
