// The checks every TypeScript target runs against its generated client. A target's adapter.ts maps
// these calls onto its generated functions and calls runChecks; this file prints one RESULT line per
// check, in the format tools/generators reads.
import { readFileSync } from 'node:fs';

export interface Connection {
  baseUrl: string;
  merchantId: string;
  secretKey: string;
}

/** The List Payments query as a caller of a typed client passes it: arrays are arrays. */
export interface ListPaymentsQuery {
  toCreatedDate?: string;
  fromCreatedDate?: string;
  limit?: number;
  offset?: number;
  tokens?: string[];
  ids?: string[];
  merchantReferences?: string[];
  statuses?: string[];
  orderBy?: 'createdAt' | 'id' | 'totalAmount' | 'merchantReference' | 'email';
  ascending?: boolean;
}

export interface ConfigurationQuery {
  include?: Array<'publicid' | 'consumerlending' | 'paybyinstallment'>;
}

/** The fields of the spec's `Error` body, as an adapter reads them through the generated error type. */
export interface ErrorFields {
  errorCode: string;
  errorId: string;
}

/** What a call answered: the status, the parsed body, and for a non-2xx the error read through the generated types. */
export interface Reply {
  status: number;
  body: unknown;
  error?: ErrorFields;
}

export interface GeneratedClient {
  listPayments(connection: Connection, query: ListPaymentsQuery): Promise<Reply>;
  getConfiguration(connection: Connection, query: ConfigurationQuery): Promise<Reply>;
}

interface Vector {
  name: string;
  operation: 'listPayments' | 'getConfiguration';
  params: Record<string, unknown>;
  query?: string;
  error?: { param: string; rule: string };
}

interface PaymentPage {
  totalResults: number;
  results: Array<{ id: string; status?: unknown; created?: unknown }>;
}

const PAGE_SIZE = 50;
const MAX_PAGES = 1000;

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function report(check: string, pass: boolean, detail: string): void {
  console.log(`RESULT ${check} ${pass ? 'pass' : 'fail'} ${detail.replace(/\s+/g, ' ')}`);
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : (JSON.stringify(error) ?? String(error));
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

function asPage(reply: Reply): PaymentPage {
  const body = reply.body as Partial<PaymentPage> | undefined;
  if (typeof body?.totalResults !== 'number' || !Array.isArray(body.results)) {
    throw new Error(`status ${reply.status}, body is not a payment page: ${JSON.stringify(reply.body)?.slice(0, 200)}`);
  }
  return body as PaymentPage;
}

/**
 * The run's filter (FILTER_STATUSES, FILTER_FROM) through the generated client: 200, only matching
 * payments, and the same totalResults as the same filter sent the documented way (`expectedTotal`, from
 * the runner), so a client that drops or mangles a value fails even when every payment it shows matches.
 */
async function filters(check: string, client: GeneratedClient, connection: Connection, expectedTotal: number): Promise<void> {
  const statuses = env('FILTER_STATUSES').split(',');
  const from = env('FILTER_FROM');
  const reply = await client.listPayments(connection, { statuses, fromCreatedDate: from, limit: 250 });
  if (reply.status !== 200) return report(check, false, `status ${reply.status}: ${JSON.stringify(reply.body)?.slice(0, 200)}`);
  const page = asPage(reply);
  const strays = page.results.filter((p) => typeof p.status !== 'string' || !statuses.includes(p.status) || !(createdMs(p.created) >= Date.parse(from)));
  const detail = `totalResults ${page.totalResults} (${expectedTotal} sent as documented), ${page.results.length} on the page`;
  if (strays.length > 0)
    return report(check, false, `${detail}; ${strays.length} payments outside the filter, e.g. ${JSON.stringify(strays[0])?.slice(0, 200)}`);
  report(check, page.totalResults === expectedTotal && page.results.length > 0, `${detail}, all ${statuses.join('/')} and created since ${from}`);
}

/** A payment's creation time: the JSON string, or the Date a client turned it into (typescript-fetch). */
function createdMs(created: unknown): number {
  if (created instanceof Date) return created.getTime();
  return typeof created === 'string' ? Date.parse(created) : Number.NaN;
}

async function paging(check: string, client: GeneratedClient, connection: Connection): Promise<void> {
  const ids = new Set<string>();
  let total = -1;
  let pages = 0;
  for (let offset = 0; pages < MAX_PAGES; offset += PAGE_SIZE) {
    const reply = await client.listPayments(connection, { limit: PAGE_SIZE, offset });
    if (reply.status !== 200) return report(check, false, `status ${reply.status} at offset ${offset}`);
    const page = asPage(reply);
    pages += 1;
    total = page.totalResults;
    for (const payment of page.results) ids.add(payment.id);
    if (page.results.length === 0 || offset + PAGE_SIZE >= total) break;
  }
  const pass = total > 0 && ids.size === total;
  report(check, pass, `${ids.size} distinct payments in ${pages} pages of ${PAGE_SIZE}, totalResults ${total}`);
}

async function auth401(check: string, client: GeneratedClient, connection: Connection): Promise<void> {
  const wrong = { ...connection, secretKey: `${connection.secretKey}-wrong` };
  const reply = await client.listPayments(wrong, {});
  const { error } = reply;
  if (!error) return report(check, false, `status ${reply.status}, no error read through the generated types: ${JSON.stringify(reply.body)?.slice(0, 200)}`);
  const pass = reply.status === 401 && error.errorCode === 'unauthorized' && typeof error.errorId === 'string' && error.errorId !== '';
  report(
    check,
    pass,
    `status ${reply.status}, errorCode ${JSON.stringify(error.errorCode)}, errorId ${JSON.stringify(error.errorId)} (read through the generated error type)`,
  );
}

const ARRAY_PARAMS = new Set(['tokens', 'ids', 'merchantReferences', 'statuses', 'include']);

/** A typed client takes arrays, so a vector's single string is passed as a one-value array. */
function asCallerArgs(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, ARRAY_PARAMS.has(name) && typeof value === 'string' ? [value] : value]));
}

/** The last query the recorder received, and whether the service reads it as `expected` (query-pairs.mjs). */
interface Recorded {
  rawQuery: string;
  samePairs: boolean;
  difference: string;
  defaultsSent: string[];
}

async function recorded(recorderUrl: string, expected: string): Promise<Recorded> {
  const response = await fetch(new URL(`/__recorded/last?expected=${encodeURIComponent(expected)}`, recorderUrl));
  return (await response.json()) as Recorded;
}

/** Our client inserts .000 into a date given without fractional seconds; a generated client sends it as given. */
function correctsInput(params: Vector['params']): boolean {
  return ['fromCreatedDate', 'toCreatedDate'].some((name) => {
    const value = params[name];
    return typeof value === 'string' && /T\d{2}:\d{2}:\d{2}(Z|[+-])/.test(value);
  });
}

async function vectors(client: GeneratedClient, recorderUrl: string, vectorsFile: string): Promise<void> {
  const all = (JSON.parse(readFileSync(vectorsFile, 'utf8')) as { cases: Vector[] }).cases;
  const sendable = all.filter((v) => v.query !== undefined);
  const compared = sendable.filter((v) => !correctsInput(v.params));
  const refusals = all.length - sendable.length;
  const corrections = sendable.length - compared.length;
  const connection = { baseUrl: recorderUrl, merchantId: 'recorder', secretKey: 'recorder' };
  const failures: string[] = [];
  const defaults = new Set<string>();
  for (const [index, vector] of compared.entries()) {
    // A marker request first, so a call that sends nothing cannot pass on an earlier recording.
    const marker = `marker=${index}`;
    await fetch(new URL(`/v2/payments?${marker}`, recorderUrl));
    const args = asCallerArgs(vector.params);
    let thrown = '';
    try {
      if (vector.operation === 'listPayments') await client.listPayments(connection, args as ListPaymentsQuery);
      else await client.getConfiguration(connection, args as ConfigurationQuery);
    } catch (error) {
      thrown = describe(error); // the recorder's answer may fail response validation; only the request counts
    }
    const { rawQuery, samePairs, difference, defaultsSent } = await recorded(recorderUrl, vector.query ?? '');
    for (const pair of defaultsSent) defaults.add(pair);
    if (rawQuery === marker) failures.push(`"${vector.name}": nothing sent (${thrown || 'no error'})`);
    else if (!samePairs) failures.push(`"${vector.name}": ${difference} (sent "${rawQuery}")`);
  }
  const defaultsNote = defaults.size
    ? `; sends the spec's defaults when they are left out (${[...defaults].sort().join(', ')}), which the service applies anyway`
    : '';
  const refusalNote = `${refusals} refusal vectors and ${corrections} input-correction vectors (.000 inserted) not applicable (a generated client sends what it is given)${defaultsNote}`;
  report(
    'vectors',
    failures.length === 0,
    `${compared.length - failures.length}/${compared.length} queries read as the vector's (decoded pairs, repeated values in order); ${refusalNote}${failures.length ? `; ${failures.slice(0, 3).join('; ')}` : ''}${failures.length > 3 ? `; and ${failures.length - 3} more` : ''}`,
  );
}

/** Runs filters, paging and auth401 against the plain and the evolving sandbox, then vectors; a check that throws fails. */
export async function runChecks(client: GeneratedClient): Promise<void> {
  const credentials = { merchantId: env('MERCHANT_ID'), secretKey: env('SECRET_KEY') };
  const checks: Array<[string, () => Promise<void>]> = [];
  for (const [prefix, url, total] of [
    ['', 'SANDBOX_URL', 'FILTER_TOTAL'],
    ['evolve-', 'EVOLVING_SANDBOX_URL', 'EVOLVING_FILTER_TOTAL'],
  ] as const) {
    const connection = { baseUrl: env(url), ...credentials };
    checks.push(
      [`${prefix}filters`, () => filters(`${prefix}filters`, client, connection, Number(env(total)))],
      [`${prefix}paging`, () => paging(`${prefix}paging`, client, connection)],
      [`${prefix}auth401`, () => auth401(`${prefix}auth401`, client, connection)],
    );
  }
  checks.push(['vectors', () => vectors(client, env('RECORDER_URL'), env('VECTORS'))]);
  for (const [name, check] of checks) {
    try {
      await check();
    } catch (error) {
      report(name, false, `threw ${describe(error)}`);
    }
  }
}
