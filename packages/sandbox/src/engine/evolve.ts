// Evolution mode (`--evolve`, `evolve: true`): the service as it may look after releases a client has
// not caught up with, which the description allows. Two pure parts, so that a host adds one call each:
//   - withUnknownFields(answer): every object at every depth of a JSON answer, errors included, gains
//     a field that the description does not name;
//   - withUnknownValues(payments, seed, currency): the dataset plus payments whose open strings (status,
//     paymentState, event types, currency, courier priority) hold values the description does not list.
// Filters work as before: an unknown status matches only a filter that names it.
import { generatePayments, type Money, type Payment } from './dataset.js';
import { documentedPayments } from './documented-payments.js';
import { seededRandom } from './random.js';

/** The field every object gains. Its value is an object, so a decoder that skips it must skip a nested value. */
export const UNKNOWN_FIELD = 'addedLater';
const UNKNOWN_FIELD_VALUE = { since: '2027-01', flags: [true, null], weight: 1.5 };

/** Values of the open strings that no version of the description lists yet. */
export const UNKNOWN_VALUES = {
  status: 'PENDING_REVIEW_V2',
  paymentState: 'SETTLEMENT_HELD',
  eventType: 'AUTH_EXTENDED',
  currency: 'EUR',
  priority: 'SAME_DAY',
} as const;

/** How many payments evolution adds (on top of the dataset's own count). */
export const EVOLVED_PAYMENTS = 60;
// Their ids come after every id the dataset can hold, so they never collide with one.
const FIRST_EVOLVED_ID = 900_000_000_000;

/** A copy of a JSON value where every object, at every depth, has UNKNOWN_FIELD as its last field. */
export function withUnknownFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUnknownFields);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = withUnknownFields(field);
  copy[UNKNOWN_FIELD] = structuredClone(UNKNOWN_FIELD_VALUE);
  return copy;
}

/**
 * The dataset plus EVOLVED_PAYMENTS generated payments from the same date range, each with at least one
 * unknown value. A third keep their status (APPROVED, mostly), so that a filter on a known status
 * returns payments whose other open strings are unknown.
 */
export function withUnknownValues(payments: readonly Payment[], seed: string | number, currency: string): Payment[] {
  const random = seededRandom(`${seed}:evolve`);
  // Not the documented payments, which generatePayments includes: the dataset has them already, and a token names one payment.
  const documented = new Set(documentedPayments(currency).map((payment) => payment.id));
  const generated = generatePayments({ count: documented.size + EVOLVED_PAYMENTS, seed: `${seed}:evolve`, currency }).filter(
    (payment) => !documented.has(payment.id),
  );
  const extra = generated.map((payment, index) => {
    const evolved = structuredClone(payment);
    evolved.id = String(FIRST_EVOLVED_ID + index * 7);
    const keepKnownStatus = index % 3 === 0;
    if (!keepKnownStatus) evolved.status = UNKNOWN_VALUES.status;
    if (keepKnownStatus || random.chance(0.5)) evolved.paymentState = UNKNOWN_VALUES.paymentState;
    // Every payment has an event (dataset.test.ts): a copy of its first with the unknown type, or the first retyped.
    const first = evolved.events[0]!;
    if (random.chance(0.5)) evolved.events.push({ ...structuredClone(first), id: `${evolved.id}-ext`, type: UNKNOWN_VALUES.eventType, expires: null });
    else first.type = UNKNOWN_VALUES.eventType;
    if (index % 2 === 0) forEachMoney(evolved, (money) => (money.currency = UNKNOWN_VALUES.currency));
    const courier = evolved.orderDetails.courier as Record<string, unknown> | undefined;
    evolved.orderDetails.courier = { ...courier, priority: UNKNOWN_VALUES.priority };
    return evolved;
  });
  return [...payments, ...extra].sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
}

/** Calls `change` on every Money object of the payment, wherever it is (arrays too: their values are their items). */
function forEachMoney(value: unknown, change: (money: Money) => void): void {
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.amount === 'string' && typeof record.currency === 'string' && Object.keys(record).length === 2) change(record as unknown as Money);
  else Object.values(record).forEach((item) => forEachMoney(item, change));
}
