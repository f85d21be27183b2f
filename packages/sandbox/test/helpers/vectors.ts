// The spec package's language-neutral vectors (spec/vectors), as the sandbox's tests read them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface DateTimeCase {
  name: string;
  value: string;
  valid: boolean;
  /** Valid cases: the instant, floored to the millisecond. */
  epochMs?: number;
  /** Invalid cases: form, calendar, time, leapSecond or offset. */
  rule?: string;
}

const vectors = (file: string) => JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`@merchant-ordering/spec/vectors/${file}`), 'utf8'));

export const DATE_TIME_CASES: DateTimeCase[] = vectors('date-time.json').cases;

/** provider-scenarios.json: requests any implementation must answer with `expect.status`. */
export interface ProviderScenario {
  name: string;
  request: {
    method: string;
    path: string;
    query: Array<[string, string]>;
    headers: Record<string, string>;
    auth: 'credentials' | 'none' | { header: string };
  };
  expect: { status: number | number[] };
}
export const PROVIDER_SCENARIOS: ProviderScenario[] = vectors('provider-scenarios.json').scenarios;

/** query-encoding.json: what a client sends for `params` (`query`), or the rule it refuses them by (`error`). */
export interface QueryEncodingCase {
  name: string;
  operation: 'listPayments' | 'getConfiguration';
  params: Record<string, unknown>;
  query?: string;
  error?: { param: string; rule: string };
}
export const QUERY_ENCODING_CASES: QueryEncodingCase[] = vectors('query-encoding.json').cases;

/** auth.json: credentials and the exact Authorization value they make. */
export interface AuthCase {
  name: string;
  merchantId: string;
  secretKey: string;
  authorization: string;
}
export const AUTH_CASES: AuthCase[] = vectors('auth.json').cases;
