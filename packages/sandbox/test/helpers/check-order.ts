// The order in which the sandbox applies its checks, with one way to break each: a request that
// breaks two of them must get the earlier one's status. The order test and the equivalence set use it.
import { BASIC, type RawRequest } from './raw-request.js';

type Header = readonly [string, string];

export interface Breaker {
  status: number;
  what: string;
  /** Applies the break to a List Payments request that is otherwise valid. */
  apply(request: { method: string; path: string; query: string[]; headers: Header[] }): void;
}

const setHeader = (headers: Header[], name: string, value: string | undefined) => {
  const at = headers.findIndex(([key]) => key.toLowerCase() === name.toLowerCase());
  if (at >= 0) headers.splice(at, 1);
  if (value !== undefined) headers.push([name, value]);
};

/** Path (404), method (405), credentials (401), faults (400 unknown, 429 asked), Accept (406), query (500, then 422). */
export const CHECK_ORDER: Breaker[] = [
  { status: 404, what: 'an unknown path', apply: (r) => void (r.path = '/v2/payment') },
  { status: 405, what: 'POST', apply: (r) => void (r.method = 'POST') },
  { status: 401, what: 'no credentials', apply: (r) => setHeader(r.headers, 'Authorization', undefined) },
  { status: 400, what: 'an unknown Sandbox-Fault', apply: (r) => setHeader(r.headers, 'Sandbox-Fault', 'boom') },
  { status: 429, what: 'Sandbox-Fault: 429', apply: (r) => setHeader(r.headers, 'Sandbox-Fault', '429') },
  { status: 406, what: 'Accept: text/html', apply: (r) => setHeader(r.headers, 'Accept', 'text/html') },
  { status: 500, what: 'a date without a time', apply: (r) => void r.query.push('fromCreatedDate=2020-01-01') },
  { status: 422, what: 'limit=0', apply: (r) => void r.query.push('limit=0') },
];

/** A List Payments request that breaks each of `breakers` and nothing else. */
export function breaking(...breakers: Breaker[]): RawRequest {
  const built = {
    method: 'GET',
    path: '/v2/payments',
    query: [] as string[],
    headers: [
      ['User-Agent', 'sandbox-tests/1.0'],
      ['Authorization', BASIC],
      ['Accept', 'application/json'],
    ] as Header[],
  };
  for (const breaker of breakers) breaker.apply(built);
  return { method: built.method, target: built.path + (built.query.length ? `?${built.query.join('&')}` : ''), headers: built.headers };
}

/** Every pair of checks that one request can break together, the earlier first. */
export function checkPairs(): Array<[Breaker, Breaker]> {
  return CHECK_ORDER.flatMap((first, at) =>
    CHECK_ORDER.slice(at + 1)
      .filter((second) => !(first.status === 400 && second.status === 429)) // both are the Sandbox-Fault header
      .map((second): [Breaker, Breaker] => [first, second]),
  );
}
