// List Payments semantics, one rule per test: repeated filters, statuses without regard to case,
// inclusive dates, the five orderBy fields, paging and totalResults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentStore } from '../../src/engine/store.js';
import type { Payment } from '../../src/index.js';
import { query, sandboxFor, type Call } from '../helpers/sandbox.js';

let call: Call;
let stop: () => Promise<void>;
let payments: Payment[];
beforeAll(async () => {
  const started = await sandboxFor({ payments: 400, seed: 'list' });
  ({ call, stop } = started);
  payments = started.sandbox.payments();
});
afterAll(() => stop());

const list = async (pairs: Array<[string, string | number | boolean]>) => {
  const { status, json } = await call(`/v2/payments${query(pairs)}`);
  expect(status).toBe(200);
  return json as { totalResults: number; offset: number; limit: number; results: Payment[] };
};
const ids = (page: { results: Payment[] }) => page.results.map((payment) => payment.id);
const all = [['limit', 250]] as Array<[string, number]>;

describe('filters', () => {
  it('ids: repeated, any value matches', async () => {
    const [a, b] = [payments[3]!, payments[77]!];
    expect(
      ids(
        await list([
          ['ids', a.id],
          ['ids', b.id],
          ['ids', 'nope'],
        ]),
      ).sort(),
    ).toEqual([a.id, b.id].sort());
  });

  it('tokens: repeated, any value matches', async () => {
    const [a, b] = [payments[5]!, payments[9]!];
    expect(
      ids(
        await list([
          ['tokens', a.token],
          ['tokens', b.token],
        ]),
      ).sort(),
    ).toEqual([a.id, b.id].sort());
  });

  it('merchantReferences: values with spaces, &, + and Unicode match when percent-encoded', async () => {
    const tricky = payments.filter((p) => /[ &+]|[^\x00-\x7f]/.test(p.merchantReference ?? '')).slice(0, 4);
    expect(tricky.length).toBe(4);
    const page = await list([...tricky.map((p): [string, string] => ['merchantReferences', p.merchantReference!]), ...all]);
    expect(ids(page).sort()).toEqual(
      payments
        .filter((p) => tricky.some((t) => t.merchantReference === p.merchantReference))
        .map((p) => p.id)
        .sort(),
    );
  });

  it('statuses match without regard to case: APPROVED, Approved and approved are the same filter', async () => {
    const approved = payments.filter((p) => p.status === 'APPROVED').length;
    for (const value of ['APPROVED', 'Approved', 'approved']) expect((await list([['statuses', value]])).totalResults, value).toBe(approved);
    const both = payments.filter((p) => p.status === 'APPROVED' || p.status === 'DECLINED').length;
    expect(
      (
        await list([
          ['statuses', 'approved'],
          ['statuses', 'DECLINED'],
        ])
      ).totalResults,
    ).toBe(both);
  });

  it('a status no payment has gets 200 and an empty page, since the list of statuses is open', async () => {
    expect(await list([['statuses', 'FOO']])).toEqual({ totalResults: 0, offset: 0, limit: 20, results: [] });
    const unknown = payments.filter((p) => p.status === 'PENDING_REVIEW').length;
    expect((await list([['statuses', 'pending_review']])).totalResults).toBe(unknown);
  });

  it('filters combine: every filter must match', async () => {
    const target = payments.find((p) => p.status === 'DECLINED')!;
    expect(
      ids(
        await list([
          ['ids', target.id],
          ['statuses', 'APPROVED'],
        ]),
      ),
    ).toEqual([]);
    expect(
      ids(
        await list([
          ['ids', target.id],
          ['statuses', 'declined'],
          ['tokens', target.token],
        ]),
      ),
    ).toEqual([target.id]);
  });
});

describe('creation dates', () => {
  it('fromCreatedDate and toCreatedDate are both inclusive, to the millisecond, in any offset', async () => {
    const target = payments[200]!;
    const at = Date.parse(target.created);
    const inOffset = (ms: number) => new Date(ms + 11 * 3_600_000).toISOString().replace('Z', '+11:00');
    expect(
      ids(
        await list([
          ['fromCreatedDate', inOffset(at)],
          ['toCreatedDate', target.created],
        ]),
      ),
    ).toEqual([target.id]);
    expect(
      ids(
        await list([
          ['fromCreatedDate', inOffset(at + 1)],
          ['toCreatedDate', target.created],
        ]),
      ),
    ).toEqual([]);
    expect(
      ids(
        await list([
          ['fromCreatedDate', target.created],
          ['toCreatedDate', new Date(at - 1).toISOString()],
        ]),
      ),
    ).toEqual([]);
  });

  it('a range counts the payments created inside it', async () => {
    const from = Date.parse(payments[100]!.created);
    const to = Date.parse(payments[199]!.created);
    const expected = payments.filter((p) => Date.parse(p.created) >= from && Date.parse(p.created) <= to).length;
    expect(
      (
        await list([
          ['fromCreatedDate', new Date(from).toISOString()],
          ['toCreatedDate', new Date(to).toISOString()],
        ])
      ).totalResults,
    ).toBe(expected);
  });
});

describe('order', () => {
  const walk = async (pairs: Array<[string, string | boolean]>) => {
    const first = await list([...pairs, ['limit', 250]]);
    const second = await list([...pairs, ['limit', 250], ['offset', 250]]);
    return [...first.results, ...second.results];
  };

  it('defaults to createdAt, newest first', async () => {
    const created = (await walk([])).map((p) => p.created);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('totalAmount sorts numerically, not as text', async () => {
    const amounts = (
      await walk([
        ['orderBy', 'totalAmount'],
        ['ascending', true],
      ])
    ).map((p) => Number(p.originalAmount.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts.some((a) => a >= 1000) && amounts.some((a) => a < 100)).toBe(true);
  });

  it('id sorts by the order id, ascending and descending', async () => {
    const up = (
      await walk([
        ['orderBy', 'id'],
        ['ascending', true],
      ])
    ).map((p) => p.id);
    expect(up).toEqual(payments.map((p) => p.id).sort((a, b) => Number(a) - Number(b)));
    expect((await walk([['orderBy', 'id']])).map((p) => p.id)).toEqual([...up].reverse());
  });

  it.each(['merchantReference', 'email'] as const)('%s: payments that lack the field sort last in both directions', async (field) => {
    const value = (p: Payment) => (field === 'email' ? (p.orderDetails.consumer as { email?: string }).email : p.merchantReference);
    const lacking = payments.filter((p) => value(p) === undefined).length;
    expect(lacking).toBeGreaterThan(0);
    for (const ascending of [true, false]) {
      const values = (
        await walk([
          ['orderBy', field],
          ['ascending', ascending],
        ])
      ).map(value);
      expect(values.slice(-lacking).every((v) => v === undefined)).toBe(true);
      const present = values.slice(0, -lacking) as string[];
      const sorted = [...present].sort();
      expect(present).toEqual(ascending ? sorted : sorted.reverse());
    }
  });

  it('ties break by id, in the direction asked for', async () => {
    const byEmail = await walk([
      ['orderBy', 'email'],
      ['ascending', true],
    ]);
    // Payments without an email tie with each other; so do duplicate references.
    const tied = byEmail.filter((p) => (p.orderDetails.consumer as { email?: string }).email === undefined).map((p) => p.id);
    expect(tied.length).toBeGreaterThan(1);
    expect(tied).toEqual([...tied].sort((a, b) => Number(a) - Number(b)));
    const down = (
      await walk([
        ['orderBy', 'email'],
        ['ascending', false],
      ])
    )
      .filter((p) => (p.orderDetails.consumer as { email?: string }).email === undefined)
      .map((p) => p.id);
    expect(down).toEqual([...tied].reverse());
  });
  it('equal values break by id too, in the direction asked for; ids compare as numbers', () => {
    // The dataset has no two equal amounts, so the store gets copies of one payment under other ids.
    const copies = ['300000000150', '99', '300000000020', '1000'].map((id) => ({ ...payments[0]!, id }));
    const store = new PaymentStore(copies);
    const order = (field: 'totalAmount' | 'id', ascending: boolean) => store.sortedBy(field, ascending).map((item) => item.payment.id);
    const up = ['99', '1000', '300000000020', '300000000150'];
    for (const field of ['totalAmount', 'id'] as const) {
      expect(order(field, true)).toEqual(up);
      expect(order(field, false)).toEqual([...up].reverse());
    }
  });
});

describe('paging', () => {
  it('defaults to offset 0 and limit 20', async () => {
    const page = await list([]);
    expect([page.offset, page.limit, page.results.length, page.totalResults]).toEqual([0, 20, 20, 400]);
  });

  it('pages of any size join into the whole ordered list, with the same totalResults on each', { timeout: 120_000 }, async () => {
    const whole = ids(await list([['limit', 250]])).concat(
      ids(
        await list([
          ['limit', 250],
          ['offset', 250],
        ]),
      ),
    );
    for (const limit of [3, 7, 20, 250]) {
      const seen: string[] = [];
      const totals = new Set<number>();
      for (let offset = 0; offset < 400; offset += limit) {
        const page = await list([
          ['limit', limit],
          ['offset', offset],
        ]);
        totals.add(page.totalResults);
        expect(page.offset).toBe(offset);
        seen.push(...ids(page));
      }
      expect(seen).toEqual(whole);
      expect([...totals]).toEqual([400]);
    }
  });

  it('an offset past the end gets an empty page with the true total', async () => {
    expect(await list([['offset', 10_000]])).toEqual({ totalResults: 400, offset: 10_000, limit: 20, results: [] });
  });
});
