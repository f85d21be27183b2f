// A List Payments server over a list the test owns and may change while a walk runs: it sorts by
// orderBy (createdAt, merchantReference or id; ascending or not), keeps to toCreatedDate, and answers
// the page at offset/limit. `ignoreOffset` plays a cache that answers every offset with the first page;
// `beforeAnswer` lets a test move the list when a given page is asked for.
import { hostileServer } from './hostile-server.js';

export interface ListPayment {
  id: string;
  created: string;
  merchantReference?: string;
}

export interface ListServer {
  url: string;
  payments: ListPayment[];
  ignoreOffset: boolean;
  beforeAnswer: (query: URLSearchParams) => void;
}

/** `count` payments, one a minute from 2024-01-01, ids 1000…, references ref-0000… */
export const listPayments = (count: number): ListPayment[] =>
  Array.from({ length: count }, (_, index) => ({
    id: String(1000 + index),
    created: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
    merchantReference: `ref-${String(index).padStart(4, '0')}`,
  }));

export async function listServer(payments: ListPayment[]): Promise<ListServer> {
  const state: ListServer = { url: '', payments, ignoreOffset: false, beforeAnswer: () => {} };
  const server = await hostileServer((url) => {
    const query = url.searchParams;
    state.beforeAnswer(query);
    const orderBy = query.get('orderBy') ?? 'createdAt';
    const field = (orderBy === 'createdAt' ? 'created' : orderBy) as keyof ListPayment;
    const direction = query.get('ascending') === 'true' ? 1 : -1;
    const to = query.get('toCreatedDate');
    const matching = state.payments
      .filter((payment) => !to || Date.parse(payment.created) <= Date.parse(to))
      .sort((a, b) => direction * String(a[field] ?? '').localeCompare(String(b[field] ?? '')));
    const offset = state.ignoreOffset ? 0 : Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    return { status: 200, body: JSON.stringify({ totalResults: matching.length, offset, limit, results: matching.slice(offset, offset + limit) }) };
  });
  state.url = server.url;
  return state;
}
