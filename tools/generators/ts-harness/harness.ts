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

const FILTER_STATUSES = ['APPROVED', 'DECLINED'];
const FILTER_FROM = '2019-01-01T09:00:00.000+11:00';
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

async function filters(client: GeneratedClient, connection: Connection): Promise<void> {
  const all = asPage(await client.listPayments(connection, {}));
  const reply = await client.listPayments(connection, { statuses: FILTER_STATUSES, fromCreatedDate: FILTER_FROM });
  if (reply.status !== 200) return report('filters', false, `status ${reply.status}: ${JSON.stringify(reply.body)?.slice(0, 200)}`);
  const page = asPage(reply);
  const from = Date.parse(FILTER_FROM);
  const strays = page.results.filter(
    (p) => typeof p.status !== 'string' || !FILTER_STATUSES.includes(p.status) || typeof p.created !== 'string' || Date.parse(p.created) < from,
  );
  if (page.results.length === 0) return report('filters', false, `no payment matched (of ${all.totalResults})`);
  if (strays.length > 0) return report('filters', false, `${strays.length} payments outside the filter, e.g. ${JSON.stringify(strays[0])}`);
  if (page.totalResults >= all.totalResults) {
    return report('filters', false, `the filter removed nothing (${page.totalResults} of ${all.totalResults})`);
  }
  report('filters', true, `200, ${page.totalResults} of ${all.totalResults} payments match statuses=APPROVED,DECLINED and fromCreatedDate=${FILTER_FROM}`);
}

async function paging(client: GeneratedClient, connection: Connection): Promise<void> {
  const ids = new Set<string>();
  let total = -1;
  let pages = 0;
  for (let offset = 0; pages < MAX_PAGES; offset += PAGE_SIZE) {
    const reply = await client.listPayments(connection, { limit: PAGE_SIZE, offset });
    if (reply.status !== 200) return report('paging', false, `status ${reply.status} at offset ${offset}`);
    const page = asPage(reply);
    pages += 1;
    total = page.totalResults;
    for (const payment of page.results) ids.add(payment.id);
    if (page.results.length === 0 || offset + PAGE_SIZE >= total) break;
  }
  const pass = total > 0 && ids.size === total;
  report('paging', pass, `${ids.size} distinct payments in ${pages} pages of ${PAGE_SIZE}, totalResults ${total}`);
}

async function auth401(client: GeneratedClient, connection: Connection): Promise<void> {
  const wrong = { ...connection, secretKey: `${connection.secretKey}-wrong` };
  const reply = await client.listPayments(wrong, {});
  const { error } = reply;
  if (!error) return report('auth401', false, `status ${reply.status}, no error read through the generated types: ${JSON.stringify(reply.body)?.slice(0, 200)}`);
  const pass = reply.status === 401 && error.errorCode === 'unauthorized' && typeof error.errorId === 'string' && error.errorId !== '';
  report('auth401', pass, `status ${reply.status}, errorCode ${JSON.stringify(error.errorCode)}, errorId ${JSON.stringify(error.errorId)} (read through the generated error type)`);
}

const ARRAY_PARAMS = new Set(['tokens', 'ids', 'merchantReferences', 'statuses', 'include']);

/** A typed client takes arrays, so a vector's single string is passed as a one-value array. */
function asCallerArgs(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, ARRAY_PARAMS.has(name) && typeof value === 'string' ? [value] : value]),
  );
}

async function recorded(recorderUrl: string): Promise<string> {
  const response = await fetch(new URL('/__recorded/last', recorderUrl));
  return ((await response.json()) as { rawQuery: string }).rawQuery;
}

/** True when two query strings hold the same name=value pairs, whatever their order. */
function samePairs(a: string, b: string): boolean {
  return a.split('&').sort().join('&') === b.split('&').sort().join('&');
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
    const raw = await recorded(recorderUrl);
    if (raw === marker) failures.push(`"${vector.name}": nothing sent (${thrown || 'no error'})`);
    else if (raw !== vector.query) {
      const kind = samePairs(raw, vector.query ?? '') ? 'the same pairs in the caller\'s order, not spec order' : 'different bytes';
      failures.push(`"${vector.name}": ${kind}: sent "${raw}", expected "${vector.query}"`);
    }
  }
  const refusalNote = `${refusals} refusal vectors and ${corrections} input-correction vectors (.000 inserted) not applicable (a generated client sends what it is given)`;
  report(
    'vectors',
    failures.length === 0,
    `${compared.length - failures.length}/${compared.length} query strings exact; ${refusalNote}${failures.length ? `; ${failures.slice(0, 3).join('; ')}` : ''}${failures.length > 3 ? `; and ${failures.length - 3} more` : ''}`,
  );
}

/** Runs filters, paging, auth401 and vectors; a check that throws is reported as failed. */
export async function runChecks(client: GeneratedClient): Promise<void> {
  const connection = { baseUrl: env('SANDBOX_URL'), merchantId: env('MERCHANT_ID'), secretKey: env('SECRET_KEY') };
  const checks: Array<[string, () => Promise<void>]> = [
    ['filters', () => filters(client, connection)],
    ['paging', () => paging(client, connection)],
    ['auth401', () => auth401(client, connection)],
    ['vectors', () => vectors(client, env('RECORDER_URL'), env('VECTORS'))],
  ];
  for (const [name, check] of checks) {
    try {
      await check();
    } catch (error) {
      report(name, false, `threw ${describe(error)}`);
    }
  }
}
