// The prefetch window of paginate(), with the page function injected: how many requests are in flight,
// when they go out, what happens to the speculative ones when a page comes back short or the total
// moves, and that a dropped one's failure never becomes an unhandled rejection. No timing: responses
// are ordered by event-loop turns, and every assertion is about order and content.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FetchPage, type Pagination, type Payment, paginate, PREFETCH_DEPTH } from '../../src/pagination.js';
import { pageOf, payments } from '../helpers/payments-api.js';

const LIMIT = 100;

/** `count` macrotask turns: lets responses overtake one another without any clock. */
const turns = async (count: number) => {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
};

interface Source {
  fetchPage: FetchPage;
  /** Offsets asked for, in call order. */
  calls: number[];
  /** The most calls that had not settled at one time. */
  maxInFlight: number;
}

/**
 * A page function answering with `serve(offset, call)` after `delay(offset, call)`, a number of turns
 * or a promise to wait for (call counts from 1); it throws what `serve` throws, after the delay, like a
 * fetch that failed its retries.
 */
function source(serve: (offset: number, call: number) => Pagination, delay: (offset: number, call: number) => number | Promise<unknown> = () => 1): Source {
  let inFlight = 0;
  const state: Source = {
    calls: [],
    maxInFlight: 0,
    fetchPage: async (offset) => {
      const call = state.calls.push(offset);
      state.maxInFlight = Math.max(state.maxInFlight, ++inFlight);
      try {
        const wait = delay(offset, call);
        await (typeof wait === 'number' ? turns(wait) : wait);
        return serve(offset, call);
      } finally {
        inFlight--;
      }
    },
  };
  return state;
}

async function collect(iterable: AsyncIterable<Payment>): Promise<string[]> {
  const ids: string[] = [];
  for await (const item of iterable) ids.push(item.id);
  return ids;
}

const idsOf = (records: Payment[]) => records.map((record) => record.id);

/** The page of `records` at `offset`, as the server would answer a request for LIMIT. */
const pageAt = (records: Payment[], offset: number, options: { pageCap?: number; totalResults?: number } = {}) =>
  pageOf(records, { offset, limit: LIMIT, query: new URLSearchParams() }, options);

describe('the prefetch window', () => {
  it(`keeps at most ${PREFETCH_DEPTH} requests in flight, dropped ones included, and fills the window`, async () => {
    const records = payments(1000);
    // Pages starting from 200 to 299 and from 700 to 799 come back short, so the speculative request
    // made alongside them is dropped; requests just past those ranges, dropped ones among them, answer slowly.
    const short = (offset: number) => Math.floor(offset / LIMIT) % 5 === 2;
    const pages = source(
      (offset) => pageAt(records, offset, { pageCap: short(offset) ? 60 : LIMIT }),
      (offset, call) => (short(offset - LIMIT) ? 8 : 1 + (call % 3)),
    );
    expect(await collect(paginate(pages.fetchPage, 0, LIMIT))).toEqual(idsOf(records));
    expect(pages.maxInFlight).toBe(PREFETCH_DEPTH);
    // 300 was asked for alongside 200, which gave 60: dropped, and the walk went on from 260.
    expect(pages.calls.indexOf(260)).toBeGreaterThan(pages.calls.indexOf(300));
    expect(pages.calls.indexOf(300)).toBeGreaterThan(0);
  });

  it('asks for the next pages, and lets them go out, before the consumer gets the current page', async () => {
    const records = payments(500);
    const calls: number[] = [];
    const onWire: number[] = [];
    // Node's http client attaches a kept-alive socket in process.nextTick; the response is already
    // there (a resolved promise), so a consumer iterating synchronously never gives the loop a turn.
    const fetchPage: FetchPage = async (offset) => {
      calls.push(offset);
      process.nextTick(() => onWire.push(offset));
      return pageAt(records, offset);
    };
    const atPageStart: { calls: number[]; onWire: number[] }[] = [];
    let index = 0;
    for await (const _ of paginate(fetchPage, 0, LIMIT)) {
      if (index++ % LIMIT === 0) atPageStart.push({ calls: [...calls], onWire: [...onWire] });
    }
    const upTo = (last: number) => Array.from({ length: last / LIMIT + 1 }, (_, page) => page * LIMIT);
    expect(atPageStart.map((snapshot) => snapshot.calls)).toEqual([upTo(200), upTo(300), upTo(400), upTo(400), upTo(400)]);
    expect(atPageStart.map((snapshot) => snapshot.onWire)).toEqual(atPageStart.map((snapshot) => snapshot.calls));
  });

  it('a short page drops the speculative requests and asks again from where it really ended', async () => {
    const records = payments(1000);
    const { fetchPage, calls } = source((offset) => pageAt(records, offset, { pageCap: offset === 200 ? 37 : LIMIT }));
    expect(await collect(paginate(fetchPage, 0, LIMIT))).toEqual(idsOf(records));
    // 300 was asked for alongside 200; 200 gave 37, so 300 is dropped and the walk goes on from 237.
    expect(calls.slice(0, 6)).toEqual([0, 100, 200, 300, 237, 337]);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('a speculative page that failed but is dropped does not end the walk', async () => {
    const records = payments(400);
    const { fetchPage } = source((offset) => {
      if (offset === 300) throw new Error('a dropped speculation failed');
      return pageAt(records, offset, { pageCap: offset === 200 ? 50 : LIMIT });
    });
    expect(await collect(paginate(fetchPage, 0, LIMIT))).toEqual(idsOf(records));
  });
});

describe('a total that moves mid-walk', () => {
  // Payments arriving newest first push everything down. Two pages in flight together may be served
  // on either side of their arrival: the later page before and the earlier after (used together, they
  // would leave a gap of 30), or the other way round (an overlap of 30). Either way, every original
  // payment comes once, in order.
  for (const laterFirst of [true, false]) {
    for (const call of [3, 4, 5, 6]) {
      it(`30 payments arriving between calls ${call - 1} and ${call}, served ${laterFirst ? 'later page first' : 'in order'}: none lost, none repeated`, async () => {
        const records = payments(1000);
        const [first, second] = laterFirst ? [call, call - 1] : [call - 1, call];
        let firstServed!: () => void;
        const gate = new Promise<void>((resolve) => (firstServed = resolve));
        const { fetchPage, calls } = source(
          (offset, served) => {
            if (served === second) records.unshift(...payments(30, 'new-'));
            if (served === first) firstServed();
            return pageAt(records, offset);
          },
          (_, served) => (served === second ? gate : 1),
        );
        const ids = await collect(paginate(fetchPage, 0, LIMIT));
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.filter((id) => !id.startsWith('new-'))).toEqual(idsOf(payments(1000)));
        expect(calls[call - 1]! - calls[call - 2]!).toBe(LIMIT); // consecutive pages, in the window together
      });
    }
  }

  it('a total that grows (payments added at the end) is followed to its new value', async () => {
    const records = payments(500);
    const { fetchPage } = source((offset, call) => {
      if (call === 4) records.push(...payments(250, 'late-'));
      return pageAt(records, offset);
    });
    expect(await collect(paginate(fetchPage, 0, LIMIT))).toEqual(idsOf(records));
  });

  it('a total that shrinks is stopped at exactly', async () => {
    const records = payments(1000);
    const { fetchPage } = source((offset, call) => pageAt(records, offset, { totalResults: call >= 4 ? 620 : 1000 }));
    expect(await collect(paginate(fetchPage, 0, LIMIT))).toEqual(idsOf(records.slice(0, 620)));
  });

  it('a total that shrinks below what was already walked ends the walk, yielding nothing more', async () => {
    const records = payments(1000);
    // Calls: 0; then 100 and 200; 300 while 100 is consumed; 400 while 200 is; 500 while 300 is.
    // Call 5 (400) is the first to say 350 (still sending payments): dropped, asked for again (call 7),
    // and the walk ends there, past the new total.
    let calls = 0;
    const fetchPage: FetchPage = async (offset) => pageAt(records, offset, { totalResults: ++calls >= 5 ? 350 : 1000 });
    expect(await collect(paginate(fetchPage, 0, LIMIT))).toEqual(idsOf(records.slice(0, 400)));
    expect(calls).toBe(7);
  });
});

describe('toArray', () => {
  for (const max of [1, 100, 101, 199, 200, 201, 450]) {
    it(`toArray({ max: ${max} }) asks only for the pages it needs`, async () => {
      const records = payments(1000);
      const { fetchPage, calls } = source((offset) => pageAt(records, offset));
      const found = await paginate(fetchPage, 0, LIMIT).toArray({ max });
      await turns(10); // nothing asked for later either
      expect(found.map((item) => item.id)).toEqual(idsOf(records.slice(0, max)));
      expect(calls).toEqual(Array.from({ length: Math.ceil(max / LIMIT) }, (_, page) => page * LIMIT));
    });
  }

  it('still fetches on demand when a repeated payment leaves it short of max', async () => {
    // Position 100 repeats position 99, so the first two pages give 199 payments, not 200.
    const records = [...payments(100), ...payments(300, 'q')];
    records.splice(100, 0, records[99]!);
    const { fetchPage, calls } = source((offset) => pageAt(records, offset));
    const found = await paginate(fetchPage, 0, LIMIT).toArray({ max: 200 });
    expect(found.map((item) => item.id)).toEqual(idsOf([...records.slice(0, 100), ...records.slice(101, 201)]));
    expect(calls).toEqual([0, 100, 200]);
  });
});

describe('unhandled rejections', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
  });

  it('none when a request dropped after a short page fails', async () => {
    const records = payments(600);
    const pages = source(
      (offset) => {
        if (offset === 300) throw new Error('the dropped request failed');
        return pageAt(records, offset, { pageCap: offset === 200 ? 37 : LIMIT });
      },
      (offset) => (offset === 300 ? 6 : 1), // fails after the short page has dropped it
    );
    expect(await collect(paginate(pages.fetchPage, 0, LIMIT))).toEqual(idsOf(records));
    await turns(10);
    expect(pages.calls.slice(0, 5)).toEqual([0, 100, 200, 300, 237]);
    expect(unhandled).toEqual([]);
  });

  it('none when a request dropped because the total moved fails', async () => {
    const records = payments(650);
    // Call 4 (300) is the first to see 650, not 600: it is dropped with call 5 (400, asked for
    // alongside it), which fails; 300 is asked for again.
    const pages = source((offset, call) => {
      if (call === 5) throw new Error('the dropped request failed');
      return pageAt(records, offset, { totalResults: call >= 4 ? 650 : 600 });
    });
    expect(await collect(paginate(pages.fetchPage, 0, LIMIT))).toEqual(idsOf(records));
    await turns(10);
    expect(pages.calls.slice(0, 6)).toEqual([0, 100, 200, 300, 400, 300]);
    expect(unhandled).toEqual([]);
  });

  it('none when the consumer stops early while requests in flight fail', async () => {
    const records = payments(1000);
    const { fetchPage, calls } = source((offset) => {
      if (offset > 0) throw new Error(`request at ${offset} failed after the consumer left`);
      return pageAt(records, offset);
    });
    for await (const _ of paginate(fetchPage, 0, LIMIT)) break;
    await turns(10);
    expect(calls).toEqual([0, 100, 200]);
    expect(unhandled).toEqual([]);
  });

  it('the failure of the page the walk needs reaches the consumer once, and only there', async () => {
    const records = payments(1000);
    const { fetchPage } = source((offset) => {
      if (offset === 200) throw new Error('page 200 failed');
      return pageAt(records, offset);
    });
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const item of paginate(fetchPage, 0, LIMIT)) seen.push(item.id);
    })().catch((error: unknown) => error);
    await turns(10);
    expect(failure).toMatchObject({ message: 'page 200 failed' });
    expect(seen).toEqual(idsOf(records.slice(0, 200)));
    expect(unhandled).toEqual([]);
  });
});
