// The shape of each vector file, for TypeScript readers: `import type { DateTimeCase } from
// '@merchant-ordering/spec/vectors'`. The files are the contract; spec/test/vectors checks them.

/** auth.json: credentials and the exact Authorization value they make. */
export interface AuthCase {
  name: string;
  merchantId: string;
  secretKey: string;
  authorization: string;
}

/** contact.json: a contact record and the problems (field and rule) a validator reports for it. */
export interface ContactCase {
  name: string;
  contact: unknown;
  problems: { field: string; rule: string }[];
  /** Valid records: the payload a client sends. */
  payload?: Record<string, string>;
}

/** date-time.json: a value of the API's RFC 3339 profile, valid or not. */
export interface DateTimeCase {
  name: string;
  value: string;
  valid: boolean;
  /** Valid cases in the form the description documents. */
  documentedForm?: boolean;
  /** Valid cases: the instant, floored to the millisecond. */
  epochMs?: number;
  /** Invalid cases: form, calendar, time, leapSecond or offset. */
  rule?: string;
}

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
  expect: { status: number | number[]; requestViolates?: string[] };
}

/** query-encoding.json: what a client sends for `params` (`query`), or the rule it refuses them by (`error`). */
export interface QueryEncodingCase {
  name: string;
  operation: 'listPayments' | 'getConfiguration';
  params: Record<string, unknown>;
  query?: string;
  error?: { param: string; rule: string };
}

/** Each file as a whole. */
export interface VectorFiles {
  'auth.json': { description: string; cases: AuthCase[] };
  'contact.json': { description: string; cases: ContactCase[] };
  'date-time.json': { description: string; cases: DateTimeCase[] };
  'provider-scenarios.json': { description: string; scenarios: ProviderScenario[] };
  'query-encoding.json': { description: string; cases: QueryEncodingCase[] };
}
