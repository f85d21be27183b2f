// An in-memory List Payments service, newest first, paged by offset and limit, for pagination tests.
import type { Pagination, Payment } from '../../src/index.js';

export function payment(id: string): Payment {
  return {
    id,
    token: `002.${id}`,
    status: 'APPROVED',
    created: '2024-03-11T20:11:42.487Z',
    originalAmount: { amount: '10.00', currency: 'AUD' },
    openToCaptureAmount: { amount: '0.00', currency: 'AUD' },
    paymentState: 'CAPTURED',
    refunds: [],
    orderDetails: {},
    events: [],
  };
}

export function payments(count: number, prefix = 'p'): Payment[] {
  return Array.from({ length: count }, (_, index) => payment(`${prefix}${String(index).padStart(5, '0')}`));
}

export interface PageRequest {
  offset: number;
  limit: number;
  query: URLSearchParams;
}

/** Serves `records` (mutable: tests may insert at the head) as Pagination pages. */
export function pageOf(records: Payment[], { offset, limit }: PageRequest, options: { pageCap?: number; totalResults?: number } = {}): Pagination {
  const size = Math.min(limit, options.pageCap ?? limit);
  return { totalResults: options.totalResults ?? records.length, offset, limit, results: records.slice(offset, offset + size) };
}

export function pageRequest(url: string): PageRequest {
  const query = new URL(url, 'http://localhost').searchParams;
  return { offset: Number(query.get('offset') ?? 0), limit: Number(query.get('limit') ?? 20), query };
}
