// The shared set of requests that every host of the sandbox must answer alike: node:http now
// (node-http.test.ts), and each host that issue 21 adds. Every entry is a raw request, as it goes on
// the wire: the method, the target (origin form, or absolute form starting with `{origin}`, which a
// runner replaces with the host's own `http://host:port`), the header lines in order with repeats
// kept, and the status every host must answer. A runner sends them in order to one fresh sandbox
// started with EQUIVALENCE_SANDBOX (inserts change what later requests see).
//
// It covers the sandbox's behaviours (auth, Accept, the three operations, the query rules, faults
// that need no socket), every case of spec/vectors/date-time.json, the order of the checks pairwise,
// and requests that hosts could parse differently: repeated headers, the absolute form, encoded
// slashes and dot segments. Faults that need a socket (reset, stall, slow-body) are left out.
import type { SandboxOptions } from '../../src/index.js';
import { breaking, checkPairs } from '../helpers/check-order.js';
import { BASIC, type RawRequest } from '../helpers/sandbox.js';
import { DATE_TIME_CASES } from '../helpers/vectors.js';

export interface EquivalenceCase extends RawRequest {
  name: string;
  status: number;
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
const request = (name: string, method: string, target: string, headers: Header[], status: number): EquivalenceCase => ({ name, method, target, headers, status });
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
  payments('two Sandbox-Fault lines apply both (insert, then 429)', '', 429, [['Sandbox-Fault', 'insert'], ['Sandbox-Fault', '429']]),
  payments('Sandbox-Fault: delay=1', '?limit=1', 200, [['Sandbox-Fault', 'delay=1']]),
  request('a fault on an unknown path: 404, no fault', 'GET', '/v2/payment', [AGENT, AUTH, ['Sandbox-Fault', '429']], 404),
  request('a fault on OPTIONS: 204, no fault', 'OPTIONS', '/v2/payments', [AGENT, ['Sandbox-Fault', '429']], 204),
  request('a fault on Ping applies', 'GET', '/ping', [AGENT, ['Sandbox-Fault', '503']], 503),
  payments('after two inserts, the list has two more payments', '?limit=1', 200),

  ...checkOrderPairs(),
];
