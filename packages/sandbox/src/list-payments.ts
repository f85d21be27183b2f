// List Payments over a store: filters (any value of a repeated filter matches; statuses without
// regard to case), inclusive creation dates, the requested order, then the page. `totalResults`
// counts every match, so it is the same on every page of an unchanged dataset.
import type { ListQuery } from './list-query.js';
import type { Indexed, PaymentStore } from './store.js';

export function listPayments(store: PaymentStore, query: ListQuery): string {
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

  const end = query.offset + query.limit;
  const page: string[] = [];
  let total = 0;
  for (const item of store.sortedBy(query.orderBy, query.ascending)) {
    if (!matches(item)) continue;
    if (total >= query.offset && total < end) page.push(item.json);
    total++;
  }
  return `{"totalResults":${total},"offset":${query.offset},"limit":${query.limit},"results":[${page.join(',')}]}`;
}
