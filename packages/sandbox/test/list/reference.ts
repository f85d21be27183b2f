// A naive List Payments written from the rules, independent of src/: the property tests
// compare the sandbox with it over random queries.
import type { Payment } from '../../src/index.js';

export interface ReferenceQuery {
  tokens?: string[];
  ids?: string[];
  merchantReferences?: string[];
  statuses?: string[];
  fromCreatedDate?: string;
  toCreatedDate?: string;
  limit?: number;
  offset?: number;
  orderBy?: 'createdAt' | 'id' | 'totalAmount' | 'merchantReference' | 'email';
  ascending?: boolean;
}

const sortValue = (payment: Payment, field: NonNullable<ReferenceQuery['orderBy']>): string | number | bigint | undefined => {
  switch (field) {
    case 'createdAt':
      return Date.parse(payment.created);
    case 'id':
      return BigInt(payment.id);
    case 'totalAmount':
      return parseFloat(payment.originalAmount.amount);
    case 'merchantReference':
      return payment.merchantReference;
    case 'email':
      return (payment.orderDetails.consumer as { email?: string } | undefined)?.email;
  }
};

export function referenceList(payments: readonly Payment[], query: ReferenceQuery) {
  const matching: Payment[] = [];
  for (const payment of payments) {
    if (query.tokens && !query.tokens.includes(payment.token)) continue;
    if (query.ids && !query.ids.includes(payment.id)) continue;
    if (query.merchantReferences && !query.merchantReferences.some((reference) => reference === payment.merchantReference)) continue;
    if (query.statuses && !query.statuses.some((status) => status.toLowerCase() === payment.status.toLowerCase())) continue;
    if (query.fromCreatedDate && Date.parse(payment.created) < Date.parse(query.fromCreatedDate)) continue;
    if (query.toCreatedDate && Date.parse(payment.created) > Date.parse(query.toCreatedDate)) continue;
    matching.push(payment);
  }
  const field = query.orderBy ?? 'createdAt';
  const sign = query.ascending ? 1 : -1;
  const compare = (a: unknown, b: unknown) => (a! < b! ? -1 : a! > b! ? 1 : 0);
  matching.sort((a, b) => {
    const x = sortValue(a, field);
    const y = sortValue(b, field);
    if (x === undefined && y !== undefined) return 1; // lacking the field: last, whatever the direction
    if (y === undefined && x !== undefined) return -1;
    return sign * compare(x, y) || sign * compare(BigInt(a.id), BigInt(b.id));
  });
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 20;
  return { totalResults: matching.length, offset, limit, ids: matching.slice(offset, offset + limit).map((payment) => payment.id) };
}

export function toPairs(query: ReferenceQuery): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push([name, String(item)]);
  }
  return pairs;
}
