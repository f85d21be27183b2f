// Walks List Payments pages by offset, with the next pages requested while the caller consumes the
// current one; iteration stops at `totalResults` even when pages come back short; and a payment seen
// on the previous page is not yielded again when new payments shift the pages (newest first). Leaving
// the walk (break, return, throw, toArray's max) or aborting its signal aborts the pages in flight.
import type { components } from '@merchant-ordering/types';
import { AbortError, PaginationError } from './errors.js';
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

/**
 * The most page requests in flight at once. One is not enough: with a consumer that does no async
 * work per page, a single prefetched request has nothing to overlap, and the walk still takes a round
 * trip per page, like a plain loop (measured at 1.01x); with two, one response is on its way while the
 * next is asked for (about half the time). Every page in flight is held in memory, so this also bounds
 * the walk's memory, and the load one walk puts on the server.
 */
export const PREFETCH_DEPTH = 2;

/** Fetches the page at `offset`; `signal` aborts it, retry waits included. */
/**
 * Pages in a row that may bring no payment not already on the page before: one can be legitimate (more
 * payments arrived between two pages than a page holds); three mean the service, or a cache on the way,
 * ignores `offset`, and the walk would otherwise repeat itself for ever.
 */
export const NO_PROGRESS_PAGES = 3;

/** The one check of a page's shape, for everything the walk relies on; throws an Error saying what is wrong. */
export function readPage(text: string): Pagination {
  const page = JSON.parse(text);
  const total = page?.totalResults;
  if (!Array.isArray(page?.results)) throw new Error('results is not an array');
  if (!Number.isInteger(total) || total < 0) throw new Error(`totalResults is ${JSON.stringify(total)}, not a whole number from 0`);
  if (page.results.some((payment: Payment | null) => typeof payment?.id !== 'string' || !payment.id)) throw new Error('a payment has no id');
  return page;
}

export type FetchPage = (offset: number, signal: AbortSignal) => Promise<Pagination>;

export function paginate(fetchPage: FetchPage, startOffset: number, limit: number, signal?: AbortSignal): PaymentIterable {
  return {
    [Symbol.asyncIterator]: () => walk(fetchPage, startOffset, limit, Infinity, signal),
    async toArray(options) {
      const max = check((options as { max?: unknown } | undefined)?.max, 'max', MAX_RULE) as number;
      const payments: Payment[] = [];
      for await (const payment of walk(fetchPage, startOffset, limit, max, signal)) {
        if (payments.push(payment) >= max) break;
      }
      return payments;
    },
  };
}

/**
 * Requests go out at predicted offsets: the end so far plus a multiple of `limit`. A page is used
 * only if it starts exactly where the previous one ended (that page was full) and, when it was in
 * flight alongside that page, reports the same total; otherwise the pages ahead are dropped and the
 * walk asks again from the true end, as a sequential loop would. At most PREFETCH_DEPTH pages are
 * queued ahead, and at most PREFETCH_DEPTH requests are unsettled, dropped ones included, so neither
 * memory nor the load on the server grows. `wanted` keeps toArray with a small max from prefetching
 * what it will not use. Only the previous page's ids are remembered, however long the walk; after
 * NO_PROGRESS_PAGES pages in a row with nothing new, the walk ends with a PaginationError.
 */
async function* walk(fetchPage: FetchPage, startOffset: number, limit: number, wanted: number, signal?: AbortSignal): AsyncGenerator<Payment, void, undefined> {
  // The walk's own controller: however the walk ends, `finally` aborts what is still in flight.
  const controller = new AbortController();
  const abort = () => controller.abort(signal!.reason);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort);
  try {
    yield* pages(fetchPage, startOffset, limit, wanted, controller.signal);
  } finally {
    signal?.removeEventListener('abort', abort);
    controller.abort(new Error('the walk ended'));
  }
}

async function* pages(fetchPage: FetchPage, startOffset: number, limit: number, wanted: number, signal: AbortSignal): AsyncGenerator<Payment, void, undefined> {
  let ahead: Promise<Pagination>[] = []; // pages asked for at end, end + limit, ...
  let fresh = false; // ahead[0] was asked for once the page before it had arrived: no total to check
  let pending = 0; // requests not settled yet, dropped ones included
  let end = startOffset; // the next offset: positions received, not the page size asked for
  let total = 0;
  let previousIds = new Set<string>();
  let stale = 0; // pages in a row that brought nothing new
  const settled = () => pending--;
  const request = (at: number) => {
    const page = fetchPage(at, signal);
    page.then(settled, settled); // a failure surfaces when awaited; a dropped page's never goes unhandled
    pending++;
    ahead.push(page);
  };
  for (;;) {
    if (!ahead.length) {
      request(end);
      fresh = true;
    }
    const { results, totalResults } = await ahead.shift()!;
    stopIfAborted(signal); // a page that arrived before the abort is not used
    if (!fresh && totalResults !== total) {
      ahead = []; // the total moved between two pages in flight: they may overlap or leave a gap
      continue;
    }
    const usable = results.slice(0, Math.max(0, totalResults - end)); // nothing past totalResults
    end += results.length;
    total = totalResults;
    const more = results.length > 0 && end < total;
    if (results.length !== limit) ahead = []; // a short page: the next was asked for at the wrong offset
    fresh = !ahead.length; // if nothing is queued, the next page is asked for below, now that this one is in
    // Fill the window at the predicted offsets, up to the total and to what toArray wants.
    for (
      let at = end + ahead.length * limit;
      more && ahead.length < PREFETCH_DEPTH && pending < PREFETCH_DEPTH && at < total && at - startOffset < wanted;
      at += limit
    ) {
      request(at);
    }
    // Node attaches a kept-alive socket to a request in process.nextTick, which a consumer looping
    // through `for await` without awaiting anything else never lets run: one macrotask turn per page
    // puts the requests just made on the wire before the consumer gets this page. (setTimeout, as
    // browsers lack setImmediate; also taken on the last pages, where nothing new was asked for.)
    if (more) await new Promise((resolve) => setTimeout(resolve, 0));
    const yielded = new Set<string>();
    for (const payment of usable) {
      if (previousIds.has(payment.id) || yielded.has(payment.id)) continue;
      yielded.add(payment.id);
      yield payment;
      stopIfAborted(signal); // the caller aborted while holding this payment
    }
    stale = results.length && !yielded.size ? stale + 1 : 0;
    if (stale >= NO_PROGRESS_PAGES) {
      throw new PaginationError(
        `${stale} pages in a row up to offset ${end} brought no new payment: the service, or a cache on the way, seems to ignore offset`,
      );
    }
    if (!more) return;
    // Every id on this page, not only the ones yielded, so that a page repeating it shows as no progress.
    previousIds = new Set(results.map((payment) => payment.id));
  }
}

/** An aborted walk yields nothing more, whatever has already arrived. */
function stopIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AbortError('the walk was aborted', { cause: signal.reason });
}
