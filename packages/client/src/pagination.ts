// Walks List Payments pages by offset. The next page is requested while the caller consumes the
// current one; iteration stops at `totalResults` even when pages come back short; and a payment seen
// on the previous page is not yielded again when new payments shift the pages (newest first).
import type { components } from './generated/schema.js';
import { check, type Rule } from './validate.js';

export type Payment = components['schemas']['Payment'];
export type Pagination = components['schemas']['Pagination'];

/** Every payment matching a query, across pages, with `for await`. */
export interface PaymentIterable extends AsyncIterable<Payment> {
  /** Collects at most `max` payments. A bound is required so that a broad query cannot exhaust memory. */
  toArray(options: { max: number }): Promise<Payment[]>;
}

/** toArray needs a bound, so that a broad query cannot exhaust memory. */
const MAX_RULE: Rule = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, required: true };

export type FetchPage = (offset: number) => Promise<Pagination>;

export function paginate(fetchPage: FetchPage, startOffset: number): PaymentIterable {
  return {
    [Symbol.asyncIterator]: () => walk(fetchPage, startOffset, Infinity),
    async toArray(options) {
      const max = check((options as { max?: unknown } | undefined)?.max, 'max', MAX_RULE) as number;
      const payments: Payment[] = [];
      for await (const payment of walk(fetchPage, startOffset, max)) {
        if (payments.push(payment) >= max) break;
      }
      return payments;
    },
  };
}

/**
 * `wanted` stops the prefetch once enough payments have been received (toArray with a small max).
 * Only the previous page's ids are remembered, so memory stays at two pages however long the walk.
 */
async function* walk(fetchPage: FetchPage, startOffset: number, wanted: number): AsyncGenerator<Payment, void, undefined> {
  let offset = startOffset;
  let page = fetchPage(offset);
  let previousIds = new Set<string>();
  for (;;) {
    const { results, totalResults } = await page;
    const end = offset + results.length; // the next offset: positions received, not the page size asked for
    const more = results.length > 0 && end < totalResults;
    let next: Promise<Pagination> | undefined;
    if (more && end - startOffset < wanted) {
      next = fetchPage(end);
      next.catch(() => {}); // its failure surfaces when awaited; never as an unhandled rejection
    }
    const ids = new Set<string>();
    for (const [index, payment] of results.entries()) {
      if (offset + index >= totalResults) break;
      if (previousIds.has(payment.id) || ids.has(payment.id)) continue;
      ids.add(payment.id);
      yield payment;
    }
    if (!more) return;
    previousIds = ids;
    offset = end;
    page = next ?? fetchPage(end);
  }
}
