import { describe, expect, it } from 'vitest';
import { AbortError, ITERATION_PAGE_SIZE, ValidationError, type Payment } from '../../src/index.js';
import { clientWith } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';
import { pageOf, pageRequest, payment, payments } from '../helpers/payments-api.js';

async function collect(iterable: AsyncIterable<Payment>): Promise<string[]> {
  const ids: string[] = [];
  for await (const item of iterable) ids.push(item.id);
  return ids;
}

const offsets = (requests: Request[]) => requests.map((request) => pageRequest(request.url).offset);

describe('iteratePayments', () => {
  it('walks every page of 1,000+ payments, through faults, losing none and yielding none twice', async () => {
    const records = payments(1234);
    // By offset, on its first request: a short page, 503s, a 429 and a dropped connection, each answered
    // right on retry. 300 is asked for alongside 200 and dropped (200 gives 37), so its 503 and retry are
    // wasted but harmless; 337 is asked for alongside 237.
    const faults: Record<number, string> = { 200: 'short', 300: '503', 337: '429', 537: 'reset', 737: '503' };
    const { client, fetch } = clientWith(
      async (request) => {
        const page = pageRequest(request.url);
        const fault = faults[page.offset];
        delete faults[page.offset];
        await new Promise((resolve) => setImmediate(resolve)); // answers in the order they are ready
        if (fault === 'reset') throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
        if (fault === '503' || fault === '429') {
          return json(
            { errorCode: 'error', errorId: 'x', message: 'busy', httpStatusCode: Number(fault) },
            { status: Number(fault), headers: { 'retry-after': '0' } },
          );
        }
        return json(pageOf(records, page, fault === 'short' ? { pageCap: 37 } : {}));
      },
      { retries: 2 },
    );
    const ids = await collect(client.iteratePayments({ limit: 100 }));
    expect(ids).toEqual(records.map((record) => record.id));
    const requested = offsets(fetch.requests);
    // 300 was asked for alongside 200, then dropped when 200 gave 37: the walk went on from 237.
    expect(requested.slice(0, 5)).toEqual([0, 100, 200, 300, 237]);
    expect(Object.keys(faults)).toEqual([]);
    // Every used page once (1,197 positions from 237 on, in pages of 100), plus 300 dropped, plus four retries.
    expect(fetch.requests).toHaveLength(3 + Math.ceil((1234 - 237) / 100) + 1 + 4);
  });

  it('payments arriving mid-walk (newest first) shift the pages; none is lost or repeated', async () => {
    const records = payments(1000);
    let served = 0;
    const { client } = clientWith((request) => {
      if (++served === 3) records.unshift(...payments(30, 'new-')); // everything moves 30 places down
      return json(pageOf(records, pageRequest(request.url)));
    });
    const ids = await collect(client.iteratePayments({ limit: 100 }));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !id.startsWith('new-'))).toEqual(payments(1000).map((record) => record.id));
  });

  it('stops exactly at totalResults, even when the server has more to give', async () => {
    const records = payments(400);
    const { client, fetch } = clientWith((request) => json(pageOf(records, pageRequest(request.url), { totalResults: 250 })));
    const ids = await collect(client.iteratePayments({ limit: 100 }));
    expect(ids).toHaveLength(250);
    expect(offsets(fetch.requests)).toEqual([0, 100, 200]);
  });

  it('short pages: the next offset is the previous offset plus the results received', async () => {
    const records = payments(1000);
    const { client, fetch } = clientWith((request) => json(pageOf(records, pageRequest(request.url), { pageCap: 37 })));
    const ids = await collect(client.iteratePayments({ limit: 250 }));
    expect(ids).toEqual(records.map((record) => record.id));
    // Each page is asked for from where the last one really ended; the request alongside it, at 250
    // past that, is dropped when the page comes back short.
    const requested = offsets(fetch.requests);
    const used = Array.from({ length: Math.ceil(1000 / 37) }, (_, page) => page * 37);
    expect(requested.filter((offset) => offset % 37 === 0)).toEqual(used);
    expect(requested.filter((offset) => offset % 37 !== 0).every((offset) => used.includes(offset - 250))).toBe(true);
  });

  it('fetches the next pages while the caller consumes the current one', async () => {
    const records = payments(300);
    const { client, fetch } = clientWith((request) => json(pageOf(records, pageRequest(request.url))));
    const iterator = client.iteratePayments({ limit: 100 })[Symbol.asyncIterator]();
    expect(fetch.requests).toHaveLength(0);
    expect((await iterator.next()).value?.id).toBe('p00000');
    expect(offsets(fetch.requests)).toEqual([0, 100, 200]);
    await iterator.return?.();
  });

  it('aborting its signal ends the walk at once: nothing more is yielded, even from pages already in', async () => {
    const records = payments(300);
    const { client } = clientWith((request) => json(pageOf(records, pageRequest(request.url))));
    const controller = new AbortController();
    const iterator = client.iteratePayments({ limit: 100 }, { signal: controller.signal })[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.id).toBe('p00000');
    await new Promise((resolve) => setTimeout(resolve, 20)); // the prefetched pages arrive
    controller.abort('enough');
    const error = await iterator.next().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe('enough');
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('an empty page before totalResults ends the walk instead of looping', async () => {
    const records = payments(200);
    const { client, fetch } = clientWith((request) => json(pageOf(records, pageRequest(request.url), { totalResults: 500 })));
    expect(await collect(client.iteratePayments({ limit: 100 }))).toHaveLength(200);
    expect(offsets(fetch.requests)).toEqual([0, 100, 200, 300]); // 300 was asked for alongside 200, then dropped
  });

  it('skips a payment repeated within a page', async () => {
    const records = [payment('a'), payment('b'), payment('a'), payment('c')];
    const { client } = clientWith((request) => json(pageOf(records, pageRequest(request.url))));
    expect(await collect(client.iteratePayments())).toEqual(['a', 'b', 'c']);
  });

  it('remembers only the previous page (memory stays flat), so a repeat from two pages back is yielded again', async () => {
    const records = [payment('a'), payment('b'), payment('c'), payment('a')];
    const { client } = clientWith((request) => json(pageOf(records, pageRequest(request.url))));
    expect(await collect(client.iteratePayments({ limit: 1 }))).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps the filters on every page, starts at the given offset and uses limit as the page size', async () => {
    const records = payments(60);
    const { client, fetch } = clientWith((request) => json(pageOf(records, pageRequest(request.url))));
    const ids = await collect(client.iteratePayments({ offset: 10, limit: 25, statuses: 'APPROVED', orderBy: 'id' }));
    expect(ids).toEqual(records.slice(10).map((record) => record.id));
    expect(fetch.requests.map((request) => new URL(request.url).search)).toEqual([
      '?limit=25&offset=10&statuses=APPROVED&orderBy=id',
      '?limit=25&offset=35&statuses=APPROVED&orderBy=id',
    ]);
  });

  it(`asks for pages of ${ITERATION_PAGE_SIZE} when the query has no limit`, async () => {
    const { client, fetch } = clientWith((request) => json(pageOf([], pageRequest(request.url))));
    await collect(client.iteratePayments());
    expect(pageRequest(fetch.requests[0]!.url).limit).toBe(ITERATION_PAGE_SIZE);
  });

  it('a page that still fails after the retries ends the walk with the typed error', async () => {
    const records = payments(300);
    const { client } = clientWith((request) => {
      const page = pageRequest(request.url);
      return page.offset === 200
        ? json({ errorCode: 'error', errorId: 'x', message: 'down', httpStatusCode: 503 }, { status: 503 })
        : json(pageOf(records, page));
    });
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const item of client.iteratePayments({ limit: 100 })) seen.push(item.id);
    })().catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'InternalServerError', status: 503 });
    expect(seen).toEqual(records.slice(0, 200).map((record) => record.id));
  });

  it('each for-await starts a fresh walk', async () => {
    const records = payments(5);
    const { client } = clientWith((request) => json(pageOf(records, pageRequest(request.url))));
    const iterable = client.iteratePayments({ limit: 2 });
    expect(await collect(iterable)).toEqual(await collect(iterable));
  });
});

describe('toArray', () => {
  it('refuses to run without a bound', async () => {
    const { client, fetch } = clientWith();
    const iterable = client.iteratePayments();
    await expect(iterable.toArray(undefined as never)).rejects.toMatchObject({ name: 'ValidationError', param: 'max', rule: 'required' });
    await expect(iterable.toArray({} as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(iterable.toArray({ max: 0 })).rejects.toMatchObject({ rule: 'minimum' });
    await expect(iterable.toArray({ max: Number.POSITIVE_INFINITY })).rejects.toMatchObject({ rule: 'integer' });
    expect(fetch.requests).toHaveLength(0);
  });

  it('collects at most max, and does not prefetch pages it will not use', async () => {
    const records = payments(500);
    const { client, fetch } = clientWith((request) => json(pageOf(records, pageRequest(request.url))));
    const five = await client.iteratePayments({ limit: 100 }).toArray({ max: 5 });
    expect(five.map((item) => item.id)).toEqual(records.slice(0, 5).map((record) => record.id));
    expect(fetch.requests).toHaveLength(1);
    const many = await client.iteratePayments({ limit: 100 }).toArray({ max: 150 });
    expect(many).toHaveLength(150);
    expect(fetch.requests).toHaveLength(3);
  });

  it('returns everything when there are fewer than max', async () => {
    const records = payments(42);
    const { client } = clientWith((request) => json(pageOf(records, pageRequest(request.url))));
    expect(await client.iteratePayments({ limit: 10 }).toArray({ max: 1000 })).toHaveLength(42);
  });
});
