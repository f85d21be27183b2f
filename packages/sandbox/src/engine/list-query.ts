// Reads a List Payments query the way the service does. The order of the checks follows its error
// rules: array syntax and dates are bound first and fail with 500 (the service's own behaviour for
// a comma-separated or bracketed array, a missing dash or colon, or an unencoded `+` that arrived as
// a space); then each value is checked against its documented rule and fails with 422.
import { parseDateTime, type DateTimeRule } from './date-time.js';
import { invalidParameter, malformedQuery } from './errors.js';

export const ORDER_FIELDS = ['createdAt', 'id', 'totalAmount', 'merchantReference', 'email'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
const ARRAYS = ['tokens', 'ids', 'merchantReferences', 'statuses'] as const;
const SCALARS = ['fromCreatedDate', 'toCreatedDate', 'limit', 'offset', 'orderBy', 'ascending'] as const;
const INT32_MAX = 2 ** 31 - 1;

export interface ListQuery {
  tokens?: string[];
  ids?: string[];
  merchantReferences?: string[];
  statuses?: string[];
  /** Inclusive bounds in epoch milliseconds. */
  fromMs?: number;
  toMs?: number;
  limit: number;
  offset: number;
  orderBy: OrderField;
  ascending: boolean;
}

/** @param search the decoded query (URLSearchParams reads `+` as a space, as the service does) */
export function parseListQuery(search: URLSearchParams): ListQuery {
  for (const name of new Set(search.keys())) {
    const base = name.replace(/\[.*$/, '');
    if (name !== base && (ARRAYS as readonly string[]).includes(base)) {
      throw malformedQuery(`${name}: array parameters are sent by repeating the name, never with brackets`);
    }
  }
  const query: ListQuery = { limit: 20, offset: 0, orderBy: 'createdAt', ascending: false };
  for (const name of ARRAYS) {
    const values = search.getAll(name);
    if (!values.length) continue;
    if (values.some((value) => value.includes(','))) {
      throw malformedQuery(`${name}: a comma is read as a separator; repeat the parameter once per value`);
    }
    query[name] = values;
  }
  const scalar = (name: (typeof SCALARS)[number]) => {
    const values = search.getAll(name);
    if (values.length > 1) throw invalidParameter(name, 'must be given once');
    return values[0];
  };
  const from = scalar('fromCreatedDate');
  const to = scalar('toCreatedDate');
  if (from !== undefined) query.fromMs = parseQueryDate('fromCreatedDate', from, 'from');
  if (to !== undefined) query.toMs = parseQueryDate('toCreatedDate', to, 'to');

  for (const name of ARRAYS) {
    if (query[name]?.some((value) => value === '')) throw invalidParameter(name, 'values must not be empty');
  }
  const limit = scalar('limit');
  if (limit !== undefined) query.limit = integer('limit', limit, 1, 250, 'must be an integer from 1 to 250');
  const offset = scalar('offset');
  if (offset !== undefined) query.offset = integer('offset', offset, 0, INT32_MAX, 'must be an integer of 0 or more');
  const orderBy = scalar('orderBy');
  if (orderBy !== undefined) {
    if (!(ORDER_FIELDS as readonly string[]).includes(orderBy)) throw invalidParameter('orderBy', `must be one of ${ORDER_FIELDS.join(', ')}`);
    query.orderBy = orderBy as OrderField;
  }
  const ascending = scalar('ascending');
  if (ascending !== undefined) {
    if (ascending !== 'true' && ascending !== 'false') throw invalidParameter('ascending', 'must be true or false');
    query.ascending = ascending === 'true';
  }
  return query;
}

function integer(name: string, value: string, min: number, max: number, rule: string): number {
  const n = /^-?[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw invalidParameter(name, rule);
  return n;
}

const BROKEN: Record<DateTimeRule, string> = {
  form: 'is not a date-time like 2019-01-01T09:00:00.000+11:00',
  calendar: 'names a day that does not exist',
  time: 'has an hour, minute or second out of range',
  leapSecond: 'has second 60 outside a leap second (23:59:60 UTC on the last day of a month)',
  offset: 'has an offset beyond ±23:59',
};

/** An inclusive bound in epoch ms: a fraction below the millisecond rounds inward, so the bound stays exact. */
function parseQueryDate(name: string, value: string, bound: 'from' | 'to'): number {
  const parsed = parseDateTime(value);
  if ('broken' in parsed) {
    const hint = value.includes(' ') ? ' (a + in the offset must be sent as %2B; unencoded, it arrives as a space)' : '';
    throw malformedQuery(`${name} ${BROKEN[parsed.broken]}${hint}`);
  }
  return bound === 'from' && parsed.belowMs ? parsed.epochMs + 1 : parsed.epochMs;
}
