// The dataset: deterministic from the seed, at least 1,000 payments by default, the documented ones
// among them (documented-examples.test.ts holds them to the description), and shaped like the real
// service's v2 Payment bodies.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_DAYS, DATASET_START, generatePayments, newPayment, UNKNOWN_STATUSES, type Money, type Payment } from '../../src/engine/dataset.js';
import { documentedPayments } from '../../src/engine/documented-payments.js';
import { seededRandom } from '../../src/engine/random.js';
import { DEFAULT_CURRENCY, DEFAULT_PAYMENTS, DEFAULT_SEED, startSandbox, type Sandbox } from '../../src/index.js';
import { caller } from '../helpers/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

// Each test builds the dataset itself rather than reading one built in beforeAll: mutation testing
// (pnpm test:mutation) knows which tests reach a line only from what runs inside each test, so only
// these are tried on the generator (tools/mutation/README.md).
const defaultDataset = () => generatePayments({ count: DEFAULT_PAYMENTS, seed: DEFAULT_SEED, currency: DEFAULT_CURRENCY });
const shareOf = (payments: Payment[], predicate: (payment: Payment) => boolean) => payments.filter(predicate).length / payments.length;

describe('the default dataset', () => {
  it('holds at least 1,000 payments, all served by List Payments', async () => {
    const payments = defaultDataset();
    expect(DEFAULT_PAYMENTS).toBeGreaterThanOrEqual(1000);
    expect(payments).toHaveLength(DEFAULT_PAYMENTS);
    expect(sandbox.payments()).toEqual(payments);
    const { json } = await caller(sandbox)('/v2/payments?limit=1');
    expect(json.totalResults).toBe(DEFAULT_PAYMENTS);
  });

  it('is the same for the same seed, and different for another seed', () => {
    const payments = defaultDataset();
    const again = generatePayments({ count: DEFAULT_PAYMENTS, seed: 1, currency: DEFAULT_CURRENCY });
    expect(again).toEqual(payments);
    const other = generatePayments({ count: DEFAULT_PAYMENTS, seed: 2, currency: DEFAULT_CURRENCY });
    expect(other.map((p) => p.token)).not.toEqual(payments.map((p) => p.token));
  });

  it('is the dataset of every release so far: a seed gives the same payments from one release to the next', () => {
    // Merchants' tests and the docs name payments of the default sandbox; a change to the generator
    // that moves them is a release note, and this digest changes with it.
    const digest = createHash('sha256').update(JSON.stringify(defaultDataset())).digest('hex');
    expect(digest).toBe('09021aa1deeb97d61d9bd59888d6e14567967ed4977c26d4b801a6134ec1a02e');
  });

  it('starts from a fixed day, not today, and spreads creation times over months', () => {
    const payments = defaultDataset();
    const created = payments.map((payment) => Date.parse(payment.created));
    expect(Math.min(...created)).toBeGreaterThanOrEqual(DATASET_START);
    expect(Math.max(...created)).toBeLessThan(DATASET_START + DATASET_DAYS * 86_400_000);
    expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(180 * 86_400_000);
    expect(new Set(payments.map((payment) => payment.created.slice(0, 7))).size).toBeGreaterThanOrEqual(6);
  });

  it('is mostly APPROVED, some DECLINED, and a few with a status no client knows yet', () => {
    const payments = defaultDataset();
    expect(shareOf(payments, (p) => p.status === 'APPROVED')).toBeGreaterThan(0.75);
    expect(shareOf(payments, (p) => p.status === 'DECLINED')).toBeGreaterThan(0.05);
    const unknown = shareOf(payments, (p) => (UNKNOWN_STATUSES as readonly string[]).includes(p.status));
    expect(unknown).toBeGreaterThan(0.005);
    expect(unknown).toBeLessThan(0.08);
  });

  it('has unique ids and tokens, and generated ids that grow with creation time', () => {
    const payments = defaultDataset();
    expect(new Set(payments.map((p) => p.id)).size).toBe(payments.length);
    expect(new Set(payments.map((p) => p.token)).size).toBe(payments.length);
    const documented = new Set(documentedPayments(DEFAULT_CURRENCY).map((p) => p.id));
    const byId = payments.filter((p) => !documented.has(p.id)).sort((a, b) => Number(a.id) - Number(b.id));
    expect(byId.map((p) => p.created)).toEqual([...byId.map((p) => p.created)].sort());
  });

  it("has event ids like the service's (27 or so letters and digits), unique across the dataset", () => {
    const ids = defaultDataset().flatMap((p) => p.events.map((e) => e.id));
    expect(ids.filter((id) => !/^[0-9A-Za-z]{24,32}$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has amounts from 1.00 to 5,000.00, and an order with items costs what they, its shipping and its discounts add up to', () => {
    const payments = defaultDataset();
    expect(
      payments.filter((p) => !/^[0-9]+\.[0-9]{2}$/.test(p.originalAmount.amount) || cents(p.originalAmount) < 100 || cents(p.originalAmount) > 500_000),
    ).toEqual([]);
    const withItems = payments.filter((p) => (p.orderDetails.items as unknown[] | undefined)?.length);
    expect(withItems.length).toBeGreaterThan(payments.length / 2);
    for (const payment of withItems) {
      const { items, shippingAmount, discounts } = payment.orderDetails as {
        items: Array<{ price: Money; quantity: number }>;
        shippingAmount?: Money;
        discounts: Array<{ amount: Money }>;
      };
      const sum = items.reduce((total, item) => total + cents(item.price) * item.quantity, 0) + (shippingAmount ? cents(shippingAmount) : 0);
      expect(cents(payment.originalAmount), payment.id).toBe(Math.max(100, sum - discounts.reduce((total, discount) => total + cents(discount.amount), 0)));
    }
  });

  it("holds the documented payments (the description's examples) among them, oldest first like the rest", () => {
    const payments = defaultDataset();
    for (const documented of documentedPayments(DEFAULT_CURRENCY)) expect(payments).toContainEqual(documented);
    expect(payments.map((p) => p.created)).toEqual([...payments.map((p) => p.created)].sort());
  });

  it('has merchant references that need encoding (space, &, +, non-ASCII), none with a comma, and a few payments without one', () => {
    const payments = defaultDataset();
    const references = payments.flatMap((p) => (p.merchantReference === undefined ? [] : [p.merchantReference]));
    for (const needle of [' ', '&', '+']) expect(references.some((reference) => reference.includes(needle))).toBe(true);
    expect(references.some((reference) => /[^\x00-\x7f]/.test(reference))).toBe(true);
    expect(references.filter((reference) => reference.includes(','))).toEqual([]);
    expect(references.length).toBeLessThan(payments.length);
  });

  it("has one merchant currency, the configuration's, in every amount", async () => {
    const payments = defaultDataset();
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
    const payments = defaultDataset();
    const addresses = payments
      .flatMap((p) => ['billing', 'shipping'].map((k) => p.orderDetails[k] as Record<string, string> | undefined))
      .filter((a) => a !== undefined);
    const countries = new Set(addresses.map((a) => a.countryCode));
    for (const code of ['AU', 'NZ', 'UK', 'US', 'CA', 'FR', 'IT', 'ES']) expect(countries).toContain(code);
    expect(countries).not.toContain('GB');
    expect(countries).toContain(undefined);
    expect(addresses.filter((a) => a.countryCode === 'UK').every((a) => a.area1 && a.region && a.postcode)).toBe(true);
  });

  it("takes Australia's places for a currency outside the document's country table", () => {
    const payments = generatePayments({ count: 300, seed: DEFAULT_SEED, currency: 'SGD' });
    const countries = payments.map((p) => (p.orderDetails.billing as Record<string, string> | undefined)?.countryCode).filter((c) => c !== undefined);
    const australian = countries.filter((country) => country === 'AU').length;
    expect(australian / countries.length).toBeGreaterThan(0.5);
    expect(payments.every((p) => p.originalAmount.currency === 'SGD')).toBe(true);
  });

  it('is real-shaped: empty strings, courier {}, null and "" event references', () => {
    const payments = defaultDataset();
    expect(payments.some((p) => (p.orderDetails.consumer as Record<string, string>).phoneNumber === '')).toBe(true);
    expect(payments.some((p) => (p.orderDetails.billing as Record<string, string> | undefined)?.line2 === '')).toBe(true);
    expect(payments.some((p) => JSON.stringify(p.orderDetails.courier) === '{}')).toBe(true);
    const references = new Set(payments.flatMap((p) => p.events.map((e) => e.paymentEventMerchantReference)));
    expect(references).toEqual(new Set([null, '']));
  });

  it("lists voids among the refunds, with the VOIDED event's id as refundId, beside ordinary refunds", () => {
    const payments = defaultDataset();
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
    const payments = defaultDataset();
    const declined = payments.filter((p) => p.paymentState === 'CAPTURE_DECLINED');
    expect(declined.length).toBeGreaterThan(0);
    for (const payment of declined) expect(payment.openToCaptureAmount).toEqual(payment.originalAmount);
    expect(payments.every((p) => p.events.length > 0)).toBe(true);
    expect(new Set(payments.map((p) => p.paymentState))).toEqual(
      new Set(['CAPTURED', 'AUTH_APPROVED', 'PARTIALLY_CAPTURED', 'VOIDED', 'AUTH_DECLINED', 'CAPTURE_DECLINED', 'AUTH_PENDING']),
    );
  });
});

const cents = (money: Money) => Math.round(Number(money.amount) * 100);

/**
 * What breaks the payment's ledger, one line each: its events are listed oldest first, none before the
 * payment; the first decides the authorisation, for the whole amount; only captures and voids follow an
 * approved authorisation, and what they capture and void with what is left open adds up to the whole
 * amount, each part (what is left open too, when anything is) at least the merchant's minimum amount of
 * 1.00; the payment state is the one those events lead to.
 */
function ledgerProblems(payment: Payment): string[] {
  const problems: string[] = [];
  const say = (problem: string) => problems.push(`${payment.id} (${payment.paymentState}): ${problem}`);
  const [first, ...later] = payment.events;
  if (!first) return [`${payment.id}: no event`];
  const times = [Date.parse(payment.created) - 1, ...payment.events.map((event) => Date.parse(event.created))];
  if (times.some((time, at) => at > 0 && time <= times[at - 1]!)) say('events not oldest first, or one before the payment');
  const total = cents(payment.originalAmount);
  const open = cents(payment.openToCaptureAmount);
  if (cents(first.amount) !== total) say(`${first.type} for ${first.amount.amount}, not the whole ${payment.originalAmount.amount}`);
  if (open !== 0 && open < 100) say(`${payment.openToCaptureAmount.amount} open, under the minimum amount (1.00)`);
  for (const event of payment.events) {
    if (cents(event.amount) < 100) say(`${event.type} for ${event.amount.amount}, under the minimum amount (1.00)`);
    if ((event.type === 'AUTH_APPROVED') !== (event.expires !== null && Date.parse(event.expires) > Date.parse(event.created)))
      say(`${event.type} expires ${event.expires}: only an approved authorisation expires, after it is made`);
  }
  const sum = (type: string) => later.filter((event) => event.type === type).reduce((sum, event) => sum + cents(event.amount), 0);
  const [captured, voided] = [sum('CAPTURED'), sum('VOIDED')];
  if (captured + voided > total) say(`${((captured + voided) / 100).toFixed(2)} captured and voided, more than the whole amount`);
  if (later.length && (first.type !== 'AUTH_APPROVED' || later.some((event) => event.type !== 'CAPTURED' && event.type !== 'VOIDED')))
    say(`${payment.events.map((event) => event.type).join(', ')}: only captures and voids follow, and only an approved authorisation`);
  const expected: Record<string, { open: number; states: string[] }> = {
    AUTH_DECLINED: { open: 0, states: ['AUTH_DECLINED'] },
    // The real service leaves the whole amount open after a declined capture.
    CAPTURE_DECLINED: { open: total, states: ['CAPTURE_DECLINED'] },
    CAPTURED: { open: 0, states: ['CAPTURED'] },
    AUTH_APPROVED: {
      open: total - captured - voided,
      states:
        captured === 0
          ? voided === total
            ? ['VOIDED']
            : voided === 0
              ? ['AUTH_APPROVED', 'AUTH_PENDING']
              : ['AUTH_APPROVED']
          : captured + voided === total
            ? ['CAPTURED']
            : ['PARTIALLY_CAPTURED'],
    },
  };
  const rule = expected[first.type];
  if (!rule) return [...problems, `${payment.id}: first event ${first.type}`];
  if (open !== rule.open) say(`${payment.openToCaptureAmount.amount} open, not ${(rule.open / 100).toFixed(2)}`);
  if (!rule.states.includes(payment.paymentState))
    say(`after ${payment.events.map((event) => event.type).join(', ')} the state is one of ${rule.states.join(', ')}`);
  return problems;
}

describe("every payment's ledger", () => {
  it('holds: events oldest first, the first for the whole amount, captures, voids and the amount left open adding up to it, and the state they lead to', () => {
    expect(defaultDataset().flatMap(ledgerProblems)).toEqual([]);
    // More seeds, for the parts drawn at random (a partial capture leaves at least 1.00 open).
    for (const seed of [2, 3, 4, 5])
      expect(generatePayments({ count: 1000, seed, currency: DEFAULT_CURRENCY }).flatMap(ledgerProblems), `seed ${seed}`).toEqual([]);
  });

  it('comes in every shape the service gives: each state, by each sequence of events that leads to it', () => {
    const documented = new Set(documentedPayments(DEFAULT_CURRENCY).map((p) => p.id));
    const shapes = new Set(
      defaultDataset()
        .filter((payment) => !documented.has(payment.id))
        .map((payment) => `${payment.paymentState}: ${payment.events.map((event) => event.type).join(', ')}`),
    );
    expect(shapes).toEqual(
      new Set([
        // Declined, at authorisation or at capture.
        'AUTH_DECLINED: AUTH_DECLINED',
        'CAPTURE_DECLINED: CAPTURE_DECLINED',
        // Captured at once, or authorised for a later capture (a status no client knows yet too).
        'CAPTURED: CAPTURED',
        'AUTH_APPROVED: AUTH_APPROVED',
        'AUTH_PENDING: AUTH_APPROVED',
        // Authorised, then part voided, all voided, captured whole, captured in part, or captured in part and the rest voided.
        'AUTH_APPROVED: AUTH_APPROVED, VOIDED',
        'VOIDED: AUTH_APPROVED, VOIDED',
        'CAPTURED: AUTH_APPROVED, CAPTURED',
        'PARTIALLY_CAPTURED: AUTH_APPROVED, CAPTURED',
        'CAPTURED: AUTH_APPROVED, CAPTURED, VOIDED',
      ]),
    );
  });

  it('holds for the documented payments, and for those the insert fault adds', () => {
    expect(documentedPayments(DEFAULT_CURRENCY).flatMap(ledgerProblems)).toEqual([]);
    const random = seededRandom('inserts');
    const payments = generatePayments({ count: 10, seed: DEFAULT_SEED, currency: DEFAULT_CURRENCY });
    for (let inserted = 0; inserted < 300; inserted++) payments.push(newPayment(random, payments, DEFAULT_CURRENCY));
    expect(payments.slice(10).flatMap(ledgerProblems)).toEqual([]);
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
