// The dataset: deterministic from the seed, at least 1,000 payments by default, the documented ones
// among them (documented-examples.test.ts holds them to the description), and shaped like the real
// service's v2 Payment bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_DAYS, DATASET_START, generatePayments, UNKNOWN_STATUSES, type Payment } from '../../src/engine/dataset.js';
import { documentedPayments } from '../../src/engine/documented-payments.js';
import { DEFAULT_CURRENCY, DEFAULT_PAYMENTS, startSandbox, type Sandbox } from '../../src/index.js';
import { caller } from '../helpers/sandbox.js';

let sandbox: Sandbox;
let payments: Payment[];
beforeAll(async () => {
  sandbox = await startSandbox();
  payments = sandbox.payments();
});
afterAll(() => sandbox.close());

const share = (predicate: (payment: Payment) => boolean) => payments.filter(predicate).length / payments.length;

describe('the default dataset', () => {
  it('holds at least 1,000 payments, all served by List Payments', async () => {
    expect(DEFAULT_PAYMENTS).toBeGreaterThanOrEqual(1000);
    expect(payments).toHaveLength(DEFAULT_PAYMENTS);
    const { json } = await caller(sandbox)('/v2/payments?limit=1');
    expect(json.totalResults).toBe(DEFAULT_PAYMENTS);
  });

  it('is the same for the same seed, and different for another seed', () => {
    const again = generatePayments({ count: DEFAULT_PAYMENTS, seed: 1, currency: DEFAULT_CURRENCY });
    expect(again).toEqual(payments);
    const other = generatePayments({ count: DEFAULT_PAYMENTS, seed: 2, currency: DEFAULT_CURRENCY });
    expect(other.map((p) => p.token)).not.toEqual(payments.map((p) => p.token));
  });

  it('starts from a fixed day, not today, and spreads creation times over months', () => {
    const created = payments.map((payment) => Date.parse(payment.created));
    expect(Math.min(...created)).toBeGreaterThanOrEqual(DATASET_START);
    expect(Math.max(...created)).toBeLessThan(DATASET_START + DATASET_DAYS * 86_400_000);
    expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(180 * 86_400_000);
    expect(new Set(payments.map((payment) => payment.created.slice(0, 7))).size).toBeGreaterThanOrEqual(6);
  });

  it('is mostly APPROVED, some DECLINED, and a few with a status no client knows yet', () => {
    expect(share((p) => p.status === 'APPROVED')).toBeGreaterThan(0.75);
    expect(share((p) => p.status === 'DECLINED')).toBeGreaterThan(0.05);
    const unknown = share((p) => (UNKNOWN_STATUSES as readonly string[]).includes(p.status));
    expect(unknown).toBeGreaterThan(0.005);
    expect(unknown).toBeLessThan(0.08);
  });

  it('has unique ids and tokens, and generated ids that grow with creation time', () => {
    expect(new Set(payments.map((p) => p.id)).size).toBe(payments.length);
    expect(new Set(payments.map((p) => p.token)).size).toBe(payments.length);
    const documented = new Set(documentedPayments(DEFAULT_CURRENCY).map((p) => p.id));
    const byId = payments.filter((p) => !documented.has(p.id)).sort((a, b) => Number(a.id) - Number(b.id));
    expect(byId.map((p) => p.created)).toEqual([...byId.map((p) => p.created)].sort());
  });

  it("holds the documented payments (the description's examples) among them, oldest first like the rest", () => {
    for (const documented of documentedPayments(DEFAULT_CURRENCY)) expect(payments).toContainEqual(documented);
    expect(payments.map((p) => p.created)).toEqual([...payments.map((p) => p.created)].sort());
  });

  it('has merchant references that need encoding (space, &, +, non-ASCII), none with a comma, and a few payments without one', () => {
    const references = payments.flatMap((p) => (p.merchantReference === undefined ? [] : [p.merchantReference]));
    for (const needle of [' ', '&', '+']) expect(references.some((reference) => reference.includes(needle))).toBe(true);
    expect(references.some((reference) => /[^\x00-\x7f]/.test(reference))).toBe(true);
    expect(references.filter((reference) => reference.includes(','))).toEqual([]);
    expect(references.length).toBeLessThan(payments.length);
  });

  it("has one merchant currency, the configuration's, in every amount", async () => {
    const { json: config } = await caller(sandbox)('/v2/configuration');
    const currencies = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        if (typeof record.currency === 'string') currencies.add(record.currency);
        Object.values(record).forEach(walk);
      }
    };
    walk(payments);
    expect([...currencies]).toEqual([config.maximumAmount.currency]);
  });

  it("has addresses from the document's country table, the United Kingdom as UK and never GB, some without countryCode", () => {
    const addresses = payments
      .flatMap((p) => ['billing', 'shipping'].map((k) => p.orderDetails[k] as Record<string, string> | undefined))
      .filter((a) => a !== undefined);
    const countries = new Set(addresses.map((a) => a.countryCode));
    for (const code of ['AU', 'NZ', 'UK', 'US', 'CA', 'FR', 'IT', 'ES']) expect(countries).toContain(code);
    expect(countries).not.toContain('GB');
    expect(countries).toContain(undefined);
    expect(addresses.filter((a) => a.countryCode === 'UK').every((a) => a.area1 && a.region && a.postcode)).toBe(true);
  });

  it('is real-shaped: empty strings, courier {}, null and "" event references', () => {
    expect(payments.some((p) => (p.orderDetails.consumer as Record<string, string>).phoneNumber === '')).toBe(true);
    expect(payments.some((p) => (p.orderDetails.billing as Record<string, string> | undefined)?.line2 === '')).toBe(true);
    expect(payments.some((p) => JSON.stringify(p.orderDetails.courier) === '{}')).toBe(true);
    const references = new Set(payments.flatMap((p) => p.events.map((e) => e.paymentEventMerchantReference)));
    expect(references).toEqual(new Set([null, '']));
  });

  it("lists voids among the refunds, with the VOIDED event's id as refundId, beside ordinary refunds", () => {
    const voided = payments.filter((p) => p.events.some((e) => e.type === 'VOIDED'));
    expect(voided.length).toBeGreaterThan(10);
    for (const payment of voided) {
      for (const event of payment.events.filter((e) => e.type === 'VOIDED')) {
        expect(payment.refunds).toContainEqual({ amount: event.amount, refundId: event.id, refundedAt: event.created });
      }
    }
    const eventIds = new Set(payments.flatMap((p) => p.events.map((e) => e.id)));
    expect(payments.some((p) => p.refunds.some((r) => !eventIds.has(r.refundId as string)))).toBe(true);
  });

  it('keeps the whole amount open to capture after CAPTURE_DECLINED, and events on every payment', () => {
    const declined = payments.filter((p) => p.paymentState === 'CAPTURE_DECLINED');
    expect(declined.length).toBeGreaterThan(0);
    for (const payment of declined) expect(payment.openToCaptureAmount).toEqual(payment.originalAmount);
    expect(payments.every((p) => p.events.length > 0)).toBe(true);
    expect(new Set(payments.map((p) => p.paymentState))).toEqual(
      new Set(['CAPTURED', 'AUTH_APPROVED', 'PARTIALLY_CAPTURED', 'VOIDED', 'AUTH_DECLINED', 'CAPTURE_DECLINED', 'AUTH_PENDING']),
    );
  });
});

// Built inside the tests, not in beforeAll: mutation testing (pnpm test:mutation) knows which tests
// reach a line only from what runs inside each test, so these are the ones it tries on generatePayments.
describe('generatePayments', () => {
  const DAY = 86_400_000;

  it('holds exactly the count asked for, the documented payments first when the count is smaller', () => {
    const documented = documentedPayments(DEFAULT_CURRENCY);
    expect(generatePayments({ count: 1, seed: 1, currency: DEFAULT_CURRENCY })).toEqual(documented.slice(0, 1));
    expect(generatePayments({ count: documented.length + 5, seed: 1, currency: DEFAULT_CURRENCY })).toHaveLength(documented.length + 5);
  });

  it('creates every payment within the dataset days, oldest first, with ids that grow with creation time', () => {
    const generated = generatePayments({ count: 300, seed: 7, currency: DEFAULT_CURRENCY });
    const created = generated.map((payment) => Date.parse(payment.created));
    expect(Math.min(...created)).toBeGreaterThanOrEqual(DATASET_START);
    expect(Math.max(...created)).toBeLessThan(DATASET_START + DATASET_DAYS * DAY);
    expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(180 * DAY);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    const documented = new Set(documentedPayments(DEFAULT_CURRENCY).map((p) => p.id));
    const ids = generated.filter((p) => !documented.has(p.id)).map((p) => Number(p.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
