// List Payments' parameters as flags, one to one, shared by `payments list` and `payments export`.
// Values go to the client as typed: the client checks them (a limit of 251, a date without an offset,
// a comma in a status) and its ValidationError is reported under the flag's name.
import type { ListPaymentsQuery, OrderBy } from '@merchant-ordering/client';
import type { ParamSource } from './errors.js';
import type { Flags, FlagValues } from './read-flags.js';

export const FILTER_FLAGS: Flags = {
  status: {
    type: 'string',
    multiple: true,
    value: 'STATUS',
    help: 'a status to match, e.g. APPROVED; repeat for several (--status APPROVED --status DECLINED)',
  },
  token: { type: 'string', multiple: true, value: 'TOKEN', help: 'a checkout token to match; repeatable' },
  id: { type: 'string', multiple: true, value: 'ID', help: 'an order ID to match; repeatable' },
  'merchant-reference': { type: 'string', multiple: true, value: 'REF', help: 'a merchant reference to match; repeatable (any text but a comma)' },
  from: { type: 'string', value: 'DATE', help: 'created at or after, with an offset: 2024-03-01T00:00:00+11:00' },
  to: { type: 'string', value: 'DATE', help: 'created at or before, with an offset: 2024-03-31T23:59:59.999Z' },
  'order-by': { type: 'string', value: 'FIELD', help: 'createdAt (default), id, totalAmount, merchantReference or email' },
  ascending: { type: 'boolean', help: 'sort ascending (default: descending, newest first)' },
};

/** Where each List Payments parameter comes from on the command line. */
export const FILTER_SOURCES: ParamSource = {
  statuses: '--status',
  tokens: '--token',
  ids: '--id',
  merchantReferences: '--merchant-reference',
  fromCreatedDate: '--from',
  toCreatedDate: '--to',
  orderBy: '--order-by',
  ascending: '--ascending',
  limit: '--limit',
  offset: '--offset',
};

/** The query the filter flags ask for, without limit and offset; unset flags are left out. */
export function filterQuery(values: FlagValues): ListPaymentsQuery {
  const query: Record<string, unknown> = {
    statuses: values.status,
    tokens: values.token,
    ids: values.id,
    merchantReferences: values['merchant-reference'],
    fromCreatedDate: values.from,
    toCreatedDate: values.to,
    orderBy: values['order-by'] as OrderBy | undefined,
    ascending: values.ascending === true ? true : undefined,
  };
  for (const key of Object.keys(query)) if (query[key] === undefined) delete query[key];
  return query as ListPaymentsQuery;
}

/** `--limit` and `--offset` as numbers when they are whole numbers; the client refuses anything else by its rule. */
export function pageFlags(values: FlagValues): { limit?: number; offset?: number } {
  const page: Record<string, unknown> = { limit: integerFlag(values.limit as string | undefined), offset: integerFlag(values.offset as string | undefined) };
  for (const key of Object.keys(page)) if (page[key] === undefined) delete page[key];
  return page as { limit?: number; offset?: number };
}

/** A whole number as typed (`-1` included); anything else is passed on as text, for the client to refuse by its rule. */
function integerFlag(value: string | undefined): number | string | undefined {
  return value !== undefined && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
}
