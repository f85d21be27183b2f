// List Payments over a store: filters (any value of a repeated filter matches; statuses without
// regard to case), inclusive creation dates, the requested order, then the page. `totalResults`
// counts every match, so it is the same on every page of an unchanged dataset.
import type { ListQuery } from './list-query.js';
import type { Indexed, PaymentStore } from './store.js';

const utf8 = new TextEncoder();
const COMMA = utf8.encode(',');
const CLOSE = utf8.encode(']}');

/** The page as the JSON body (UTF-8 bytes) of a `Pagination`. */
export function listPayments(store: PaymentStore, query: ListQuery): Uint8Array<ArrayBuffer> {
  const tokens = query.tokens && new Set(query.tokens);
  const ids = query.ids && new Set(query.ids);
  const references = query.merchantReferences && new Set(query.merchantReferences);
  const statuses = query.statuses && new Set(query.statuses.map((status) => status.toUpperCase()));
  const matches = (item: Indexed) =>
    (!tokens || tokens.has(item.payment.token)) &&
    (!ids || ids.has(item.payment.id)) &&
    (!references || (item.payment.merchantReference !== undefined && references.has(item.payment.merchantReference))) &&
    (!statuses || statuses.has(item.statusUpper)) &&
    (query.fromMs === undefined || item.createdMs >= query.fromMs) &&
    (query.toMs === undefined || item.createdMs <= query.toMs);

  const filtered = tokens || ids || references || statuses || query.fromMs !== undefined || query.toMs !== undefined;
  const sorted = store.sortedBy(query.orderBy, query.ascending);
  const end = query.offset + query.limit;
  const page: Uint8Array[] = [];
  const add = (item: Indexed) => {
    if (page.length) page.push(COMMA);
    page.push(item.bytes);
  };
  let total = 0;
  if (!filtered) {
    total = sorted.length;
    for (let at = query.offset; at < Math.min(end, total); at++) add(sorted[at]!);
  } else {
    for (const item of sorted) {
      if (!matches(item)) continue;
      if (total >= query.offset && total < end) add(item);
      total++;
    }
  }
  const head = utf8.encode(`{"totalResults":${total},"offset":${query.offset},"limit":${query.limit},"results":[`);
  return concat([head, ...page, CLOSE]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += part.length;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
