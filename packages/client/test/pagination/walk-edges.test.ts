// The walk at its edges, driven through paginate() with pages of our own: an abort before or during the
// walk, what the walk cancels when it ends early, the no-progress rule at its exact count, and the
// prefetch window from a start offset.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AbortError, PaginationError } from '../../src/index.js';
import { type FetchPage, type Pagination, paginate } from '../../src/pagination.js';
import { clientWith } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';
import { pageOf, pageRequest, payments } from '../helpers/payments-api.js';

const page = (ids: string[], totalResults: number, offset = 0): Pagination =>
  ({ totalResults, offset, limit: ids.length, results: ids.map((id) => ({ id })) }) as unknown as Pagination;

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => new Error('the walk succeeded'),
    (caught: unknown) => caught,
  );
  return error as Error;
}

describe('aborting a walk', () => {
  it('a signal aborted before the walk starts sends nothing', async () => {
    const { client, fetch } = clientWith();
    const error = await rejection(client.iteratePayments({}, { signal: AbortSignal.abort() }).toArray({ max: 10 }));
    expect(error).toBeInstanceOf(AbortError);
    expect(fetch.requests).toHaveLength(0);
  });

  it('a page that arrives after the abort is not used, even by a fetch that ignores the signal', async () => {
    const controller = new AbortController();
    const fetchPage: FetchPage = async () => {
      controller.abort();
      return page(['a', 'b'], 2);
    };
    const error = await rejection(paginate(fetchPage, 0, 2, controller.signal).toArray({ max: 1 }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error.name).toBe('AbortError');
    expect(error.message).toBe('the walk was aborted');
  });

  it('ending early aborts the pages still in flight, with the reason, and leaves no listener', async () => {
    const caller = new AbortController();
    const inFlight: AbortSignal[] = [];
    const fetchPage: FetchPage = (offset, signal) => {
      if (offset === 0) return Promise.resolve(page(['a', 'b'], 10));
      inFlight.push(signal);
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    };
    const seen: string[] = [];
    for await (const payment of paginate(fetchPage, 0, 2, caller.signal)) {
      seen.push(payment.id);
      break;
    }
    expect(seen).toEqual(['a']);
    expect(inFlight.length).toBeGreaterThan(0);
    for (const signal of inFlight) {
      expect(signal.aborted).toBe(true);
      expect((signal.reason as Error).message).toBe('the walk ended');
    }
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});

describe('a service that ignores offset', () => {
  it('ends the walk after exactly three pages in a row with nothing new, saying where', async () => {
    const offsets: number[] = [];
    const fetchPage: FetchPage = async (offset) => {
      offsets.push(offset);
      return page(['a', 'b'], 100);
    };
    const seen: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const payment of paginate(fetchPage, 0, 2)) seen.push(payment.id);
      })(),
    );
    expect(error).toBeInstanceOf(PaginationError);
    expect(error.name).toBe('PaginationError');
    expect(error.message).toBe('3 pages in a row up to offset 8 brought no new payment: the service, or a cache on the way, seems to ignore offset');
    expect(seen).toEqual(['a', 'b']);
  });
});

describe('the prefetch window from a start offset', () => {
  it('asks for the next page before the first payment is used, when toArray wants more than a page', async () => {
    const asked: number[] = [];
    let askedWhenFirstPageWasIn: number[] = [];
    const fetchPage: FetchPage = async (offset) => {
      asked.push(offset);
      // A timer set before the walk's own turn after a page (timers of one delay run in order): by
      // then the walk has asked for the pages it prefetches.
      if (offset === 100) setTimeout(() => (askedWhenFirstPageWasIn = [...asked]), 0);
      return page(
        Array.from({ length: 10 }, (_, index) => `p${offset + index}`),
        1000,
        offset,
      );
    };
    // toArray with max 15 wants a page and a half: the second page, and no third.
    await expect(paginate(fetchPage, 100, 10).toArray({ max: 15 })).resolves.toHaveLength(15);
    expect(askedWhenFirstPageWasIn).toEqual([100, 110]);
    expect(asked).toEqual([100, 110]);
  });
});

describe("the walk's query", () => {
  it('is the one given when the walk started, even if the caller changes their array meanwhile', async () => {
    const records = payments(6);
    const { client, fetch } = clientWith((request) => json(pageOf(records, pageRequest(request.url))));
    const ids = ['a'];
    const seen: string[] = [];
    for await (const payment of client.iteratePayments({ ids, limit: 1 })) {
      seen.push(payment.id);
      ids.push(`changed-${seen.length}`);
    }
    expect(seen).toHaveLength(6);
    for (const request of fetch.requests) expect(new URL(request.url).searchParams.getAll('ids')).toEqual(['a']);
  });
});
