// Reads a List Payments query the way the service does. The order of the checks follows its error
// rules: array syntax and dates are bound first and fail with 500 (the service's own behaviour for
// a comma-separated or bracketed array, a missing dash or colon, or an unencoded `+` that arrived as
// a space); then each value is checked against its documented rule and fails with 422.
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
  if (from !== undefined) query.fromMs = parseQueryDate('fromCreatedDate', from, Math.ceil);
  if (to !== undefined) query.toMs = parseQueryDate('toCreatedDate', to, Math.floor);

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

// Date, T, time, optional fractional seconds (the service accepts `gmdate('c')`), and Z or ±hh:mm.
const DATE_TIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,9}))?(Z|[+-][0-9]{2}:[0-9]{2})$/;

/** Epoch ms; fractions below a millisecond round inward (`round`), so inclusive bounds stay exact. */
function parseQueryDate(name: string, value: string, round: (n: number) => number): number {
  const match = DATE_TIME.exec(value);
  const hint = value.includes(' ') ? ' (a + in the offset must be sent as %2B; unencoded, it arrives as a space)' : '';
  if (!match) throw malformedQuery(`${name} is not a date-time like 2019-01-01T09:00:00.000+11:00${hint}`);
  const [, y, mo, d, h, mi, s, fraction = '', zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const base = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(base);
  if (month < 1 || month > 12 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    throw malformedQuery(`${name} is not a valid date-time`);
  }
  const offsetMinutes = zone === 'Z' ? 0 : (zone![0] === '-' ? -1 : 1) * (Number(zone!.slice(1, 3)) * 60 + Number(zone!.slice(4, 6)));
  const fractionMs = Number(fraction.padEnd(9, '0')) / 1e6; // integer nanoseconds, so 123 ms stays exactly 123
  return base + round(fractionMs) - offsetMinutes * 60_000;
}
