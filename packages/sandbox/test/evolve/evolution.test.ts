// Evolution mode: every object of every answer (errors included) gains a field the description does not
// name, the dataset gains payments with values the description does not list, filters work as before,
// and every answer still keeps the description (the helper checks each one against it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVOLVED_PAYMENTS, UNKNOWN_FIELD, UNKNOWN_VALUES, withUnknownFields } from '../../src/engine/evolve.js';
import { createSandbox, DEFAULT_PAYMENTS, type Payment } from '../../src/index.js';
import { query, sandboxFor, type Call } from '../helpers/sandbox.js';

let evolving: Awaited<ReturnType<typeof sandboxFor>>;
let plain: Awaited<ReturnType<typeof sandboxFor>>;
beforeAll(async () => {
  [evolving, plain] = await Promise.all([sandboxFor({ evolve: true }), sandboxFor()]);
});
afterAll(() => Promise.all([evolving.stop(), plain.stop()]));

/** Every object in a JSON value with its path, so that a failure names where the field is missing. */
function objects(value: unknown, path = ''): Array<{ path: string; object: Record<string, unknown> }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => objects(item, `${path}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  return [
    { path: path || '/', object: record },
    ...Object.entries(record).flatMap(([key, field]) => (key === UNKNOWN_FIELD ? [] : objects(field, `${path}/${key}`))),
  ];
}

const withoutField = (call: Call) => async (target: string) => (await call(target)).json;
const missingField = (json: unknown) =>
  objects(json)
    .filter(({ object }) => !(UNKNOWN_FIELD in object))
    .map(({ path }) => path);

async function allPayments(call: Call): Promise<Payment[]> {
  const payments: Payment[] = [];
  for (let offset = 0; ; offset += 250) {
    const { json } = await call(
      `/v2/payments${query([
        ['limit', 250],
        ['offset', offset],
        ['ascending', true],
      ])}`,
    );
    payments.push(...json.results);
    if (payments.length >= json.totalResults) return payments;
  }
}

describe('every object of every answer gains a field the description does not name', () => {
  it('a page of payments, at every depth (money, events, refunds, addresses, items, courier)', async () => {
    const { json } = await evolving.call(`/v2/payments${query([['limit', 250]])}`);
    expect(missingField(json)).toEqual([]);
    const paths = objects(json).map(({ path }) => path.replace(/\/[0-9]+/g, '/[]'));
    for (const deep of [
      '/results/[]/events/[]/amount',
      '/results/[]/orderDetails/billing',
      '/results/[]/orderDetails/items/[]/price',
      '/results/[]/refunds/[]',
    ]) {
      expect(paths).toContain(deep);
    }
  });

  it('the configuration with every optional part', async () => {
    const json = await withoutField(evolving.call)('/v2/configuration?include=publicid&include=consumerlending&include=paybyinstallment');
    expect(missingField(json)).toEqual([]);
    expect(objects(json).length).toBeGreaterThanOrEqual(8);
  });

  it('errors: 401, 404, 422 and an injected 503', async () => {
    const answers = await Promise.all([
      evolving.call('/v2/payments', { auth: false }),
      evolving.call('/v2/nothing'),
      evolving.call('/v2/payments?limit=0'),
      evolving.call('/v2/payments', { headers: { 'Sandbox-Fault': '503' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 404, 422, 503]);
    for (const { json } of answers) {
      expect(json).toMatchObject({ errorCode: expect.any(String), errorId: expect.any(String), [UNKNOWN_FIELD]: expect.any(Object) });
    }
  });

  it('the plain sandbox adds nothing', async () => {
    const { json } = await plain.call(`/v2/payments${query([['limit', 50]])}`);
    expect(objects(json).filter(({ object }) => UNKNOWN_FIELD in object)).toEqual([]);
  });

  it('the transform copies: arrays of arrays and nulls kept, the input unchanged', () => {
    const input = { categories: [['a', 'b']], expires: null, money: { amount: '1.00', currency: 'AUD' } };
    const output = withUnknownFields(input) as Record<string, any>;
    expect(output.categories).toEqual([['a', 'b']]);
    expect(output.expires).toBeNull();
    expect(Object.keys(output.money)).toEqual(['amount', 'currency', UNKNOWN_FIELD]);
    expect(input.money).not.toHaveProperty(UNKNOWN_FIELD);
  });
});

describe('the dataset gains payments with values the description does not list', () => {
  let payments: Payment[];
  beforeAll(async () => {
    payments = await allPayments(evolving.call);
  });

  it(`${EVOLVED_PAYMENTS} more payments, ids unique`, () => {
    expect(payments).toHaveLength(DEFAULT_PAYMENTS + EVOLVED_PAYMENTS);
    expect(new Set(payments.map((payment) => payment.id)).size).toBe(payments.length);
  });

  it('an unknown status, payment state, event type, currency and courier priority each appear', () => {
    const seen = {
      status: payments.some((payment) => payment.status === UNKNOWN_VALUES.status),
      paymentState: payments.some((payment) => payment.paymentState === UNKNOWN_VALUES.paymentState),
      eventType: payments.some((payment) => payment.events.some((event) => event.type === UNKNOWN_VALUES.eventType)),
      currency: payments.some((payment) => payment.originalAmount.currency === UNKNOWN_VALUES.currency),
      priority: payments.some((payment) => (payment.orderDetails.courier as { priority?: string }).priority === UNKNOWN_VALUES.priority),
    };
    expect(seen).toEqual({ status: true, paymentState: true, eventType: true, currency: true, priority: true });
  });

  it('some APPROVED payments carry unknown values, so a filter on a known status returns them too', () => {
    const approvedEvolved = payments.filter((payment) => payment.status === 'APPROVED' && payment.paymentState === UNKNOWN_VALUES.paymentState);
    expect(approvedEvolved.length).toBeGreaterThan(0);
  });

  it('filtering is unchanged: APPROVED returns exactly the approved payments, an unknown status only its own', async () => {
    for (const status of ['APPROVED', UNKNOWN_VALUES.status]) {
      const { json } = await evolving.call(
        `/v2/payments${query([
          ['statuses', status],
          ['limit', 250],
        ])}`,
      );
      const expected = payments.filter((payment) => payment.status === status);
      expect(json.totalResults).toBe(expected.length);
      expect(json.results.every((payment: Payment) => payment.status === status)).toBe(true);
    }
  });

  it('the plain sandbox serves the dataset alone, with none of these values', async () => {
    const plainPayments = await allPayments(plain.call);
    expect(plainPayments).toHaveLength(DEFAULT_PAYMENTS);
    const values = new Set<string>(Object.values(UNKNOWN_VALUES));
    const found = plainPayments.filter(
      (payment) => values.has(payment.status) || values.has(payment.paymentState) || values.has(payment.originalAmount.currency),
    );
    expect(found).toEqual([]);
  });
});

// Built inside each test, not in beforeAll: mutation testing knows which tests reach withUnknownValues
// only from what runs inside each test (tools/mutation/README.md).
describe('each payment evolution adds', () => {
  /** The evolved dataset, and the payments it adds (those the plain one lacks), oldest id first. */
  async function evolvedDataset() {
    const [evolved, plain] = await Promise.all([createSandbox({ evolve: true }), createSandbox()]);
    const payments = evolved.payments();
    const plainPayments = plain.payments();
    await Promise.all([evolved.close(), plain.close()]);
    const plainIds = new Set(plainPayments.map((payment) => payment.id));
    const added = payments.filter((payment) => !plainIds.has(payment.id)).sort((a, b) => Number(a.id) - Number(b.id));
    return { payments, plainPayments, added };
  }
  const currenciesOf = (payment: Payment) =>
    new Set(
      JSON.stringify(payment)
        .match(/"currency":"[^"]*"/g)!
        .map((field) => field.slice(12, -1)),
    );

  it('comes after the dataset, which is kept as it was, all oldest first', async () => {
    const { payments, plainPayments, added } = await evolvedDataset();
    expect(added).toHaveLength(EVOLVED_PAYMENTS);
    expect(added.every((payment) => /^[1-9][0-9]*$/.test(payment.id))).toBe(true);
    expect(new Set(added.map((payment) => payment.id)).size).toBe(EVOLVED_PAYMENTS);
    // A token names one payment: none is a copy of a dataset payment (the documented ones included).
    expect(new Set(payments.map((payment) => payment.token)).size).toBe(payments.length);
    expect(Number(added[0]!.id)).toBeGreaterThan(Math.max(...plainPayments.map((payment) => Number(payment.id))));
    expect(payments.filter((payment) => !added.includes(payment))).toEqual(plainPayments);
    const created = payments.map((payment) => Date.parse(payment.created));
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('has an event of the unknown type: its first retyped, or a copy of its first added with an id of its own', async () => {
    const { payments, added } = await evolvedDataset();
    let copies = 0;
    for (const payment of added) {
      const unknown = payment.events.filter((event) => event.type === UNKNOWN_VALUES.eventType);
      expect(unknown, payment.id).toHaveLength(1);
      if (unknown[0] === payment.events[0]) continue;
      copies++;
      expect(payment.events.at(-1), payment.id).toEqual({ ...payment.events[0], id: `${payment.id}-ext`, type: UNKNOWN_VALUES.eventType, expires: null });
    }
    expect(copies).toBeGreaterThan(5);
    expect(copies).toBeLessThan(EVOLVED_PAYMENTS - 5);
    const eventIds = payments.flatMap((payment) => payment.events.map((event) => event.id));
    expect(new Set(eventIds).size).toBe(eventIds.length);
  });

  it('has the unknown status on two in three; each that keeps its status has the unknown payment state, and some of the others too', async () => {
    const { added } = await evolvedDataset();
    const kept = added.filter((payment) => payment.status !== UNKNOWN_VALUES.status);
    expect(kept).toHaveLength(EVOLVED_PAYMENTS / 3);
    expect(added.filter((payment, index) => (index % 3 === 0) !== kept.includes(payment))).toEqual([]);
    expect(kept.every((payment) => payment.paymentState === UNKNOWN_VALUES.paymentState)).toBe(true);
    const others = added.filter((payment) => !kept.includes(payment)).map((payment) => payment.paymentState === UNKNOWN_VALUES.paymentState);
    expect(new Set(others)).toEqual(new Set([true, false]));
  });

  it("has every amount in one currency: the unknown one on every other payment, the merchant's on the rest", async () => {
    const { added } = await evolvedDataset();
    expect(added.map((payment) => [...currenciesOf(payment)])).toEqual(added.map((_, index) => [index % 2 === 0 ? UNKNOWN_VALUES.currency : 'AUD']));
  });

  it('has the unknown courier priority, its other courier fields kept', async () => {
    const { added } = await evolvedDataset();
    const couriers = added.map((payment) => payment.orderDetails.courier as Record<string, unknown>);
    expect(couriers.every((courier) => courier.priority === UNKNOWN_VALUES.priority)).toBe(true);
    expect(couriers.some((courier) => typeof courier.name === 'string' && typeof courier.tracking === 'string')).toBe(true);
  });
});

describe('the currency of the payments evolution adds', () => {
  /** Every currency of every Money object in the payments. */
  const currencies = (payments: Payment[]) =>
    new Set(
      JSON.stringify(payments)
        .match(/"currency":"[^"]*"/g)!
        .map((field) => field.slice(12, -1)),
    );

  it("is the merchant's, or the unknown one, even when the dataset holds no payment to take it from", async () => {
    for (const count of [0, 50]) {
      const sandbox = await createSandbox({ payments: count, evolve: true, currency: 'NZD' });
      const payments = sandbox.payments();
      expect(payments, `payments: ${count}`).toHaveLength(count + EVOLVED_PAYMENTS);
      expect(currencies(payments), `payments: ${count}`).toEqual(new Set(['NZD', UNKNOWN_VALUES.currency]));
      await sandbox.close();
    }
  });
});

describe('the option', () => {
  it('refuses a value that is not a boolean, naming the option', async () => {
    await expect(sandboxFor({ evolve: 'yes' as unknown as boolean })).rejects.toThrow(/^evolve: must be true or false$/);
  });
});
