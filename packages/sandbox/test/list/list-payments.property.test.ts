// fast-check: over random queries (filters, dates in several offsets with and without fractional
// seconds, orders, pages), the sandbox answers what the naive reference computes.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../src/index.js';
import { query, sandboxFor, type Call } from '../helpers/sandbox.js';
import { referenceList, toPairs, type ReferenceQuery } from './reference.js';

let call: Call;
let stop: () => Promise<void>;
let payments: Payment[];
beforeAll(async () => {
  const started = await sandboxFor({ payments: 300, seed: 'properties' });
  ({ call, stop } = started);
  payments = started.sandbox.payments();
});
afterAll(() => stop());

/** Left out three times in four: with every filter present at once, almost every page would be empty. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });
const someOf = <T>(values: () => T[], extra: fc.Arbitrary<T>) =>
  sometimes(fc.array(fc.oneof(fc.constantFrom(...values()), extra), { minLength: 1, maxLength: 4 }));

function dateArbitrary() {
  const start = Date.parse(payments[0]!.created) - 86_400_000;
  const end = Date.parse(payments.at(-1)!.created) + 86_400_000;
  const around = fc.oneof(fc.integer({ min: start, max: end }), fc.constantFrom(...payments.map((p) => Date.parse(p.created))));
  return sometimes(
    fc.tuple(around, fc.constantFrom(0, 600, -300, 330), fc.boolean()).map(([ms, offsetMinutes, fraction]) => {
      const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, fraction ? 23 : 19);
      const sign = offsetMinutes < 0 ? '-' : '+';
      const abs = Math.abs(offsetMinutes);
      return offsetMinutes === 0 ? `${local}Z` : `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    }),
  );
}

const noComma = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !s.includes(','));

describe('List Payments against a naive reference', () => {
  it('filters, sorts and pages random queries as the reference does', { timeout: 120_000 }, async () => {
    const queries: fc.Arbitrary<ReferenceQuery> = fc.record(
      {
        tokens: someOf(() => payments.map((p) => p.token), noComma),
        ids: someOf(() => payments.map((p) => p.id), noComma),
        merchantReferences: someOf(() => payments.flatMap((p) => (p.merchantReference ? [p.merchantReference] : [])), noComma),
        statuses: someOf(() => ['APPROVED', 'approved', 'Declined', 'DECLINED', 'pending_review', 'ON_HOLD', 'FOO'], fc.constant('unknown')),
        fromCreatedDate: dateArbitrary(),
        toCreatedDate: dateArbitrary(),
        limit: fc.option(fc.integer({ min: 1, max: 250 }), { nil: undefined }),
        offset: fc.option(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 400 })), { nil: undefined }),
        orderBy: fc.option(fc.constantFrom('createdAt', 'id', 'totalAmount', 'merchantReference', 'email'), { nil: undefined }),
        ascending: fc.option(fc.boolean(), { nil: undefined }),
      },
      { requiredKeys: [] },
    );
    let nonEmpty = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(queries, async (q) => {
        const { status, json } = await call(`/v2/payments${query(toPairs(q))}`);
        expect(status).toBe(200);
        const expected = referenceList(payments, q);
        runs++;
        if (expected.ids.length > 1) nonEmpty++;
        expect({ totalResults: json.totalResults, offset: json.offset, limit: json.limit, ids: json.results.map((p: Payment) => p.id) }).toEqual(expected);
      }),
      { numRuns: 200, seed: 20261123 },
    );
    // The property only says something about order and paging when pages hold payments.
    expect(nonEmpty / runs).toBeGreaterThan(0.3);
  });

  it('totalResults does not depend on the page, and pages never overlap', { timeout: 120_000 }, async () => {
    const orders = fc.record({
      orderBy: fc.constantFrom('createdAt', 'id', 'totalAmount', 'merchantReference', 'email'),
      ascending: fc.boolean(),
      limit: fc.integer({ min: 5, max: 120 }),
      statuses: fc.option(fc.constantFrom<string[]>(['APPROVED'], ['declined', 'ON_HOLD']), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(orders, async (q) => {
        const seen = new Set<string>();
        let total: number | undefined;
        for (let offset = 0; total === undefined || offset < total; offset += q.limit) {
          const { json } = await call(`/v2/payments${query(toPairs({ ...q, offset }))}`);
          total ??= json.totalResults;
          expect(json.totalResults).toBe(total);
          for (const p of json.results as Payment[]) {
            expect(seen.has(p.id)).toBe(false);
            seen.add(p.id);
          }
        }
        expect(seen.size).toBe(total);
      }),
      { numRuns: 20, seed: 20261124 },
    );
  });
});
