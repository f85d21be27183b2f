// The sandbox's payments: the ones the description's examples describe (documented-payments.ts), then
// the rest generated from a seed, shaped like the v2 Payment bodies the real service returns (empty
// strings, `courier: {}`, billing without countryCode, voids listed in `refunds`, openToCaptureAmount
// left full after CAPTURE_DECLINED). Dates start from a fixed day, never from today, so a seed always
// gives the same payments.
import { documentedPayments } from './documented-payments.js';
import { seededRandom, type Random } from './random.js';

export interface Money {
  amount: string;
  currency: string;
}

/** A payment as the sandbox serves it: the fields of the spec's `Payment` it fills in. */
export interface Payment {
  id: string;
  token: string;
  status: string;
  created: string;
  originalAmount: Money;
  openToCaptureAmount: Money;
  paymentState: string;
  merchantReference?: string;
  refunds: Record<string, unknown>[];
  orderDetails: Record<string, unknown>;
  events: PaymentEvent[];
}

export interface PaymentEvent {
  id: string;
  created: string;
  expires: string | null;
  type: string;
  amount: Money;
  paymentEventMerchantReference: string | null;
}

/** The first day of the dataset; creation times spread over the following DATASET_DAYS days. */
export const DATASET_START = Date.UTC(2024, 0, 1);
export const DATASET_DAYS = 270;
/** Statuses no client knows yet, to exercise the open enum. */
export const UNKNOWN_STATUSES = ['PENDING_REVIEW', 'ON_HOLD'] as const;

const DAY = 86_400_000;
const FIRST_ID = 100_100_000_000;

/** Sample places per country of the API document's table (UK, not GB), as area1/area2/region/postcode. */
const PLACES: Record<string, { area1: string; area2?: string; region: string; postcode: string; phone: string }[]> = {
  AU: [
    { area1: 'Southbank', region: 'VIC', postcode: '3006', phone: '+61 3 9123 4567' },
    { area1: 'Surry Hills', region: 'NSW', postcode: '2010', phone: '(02) 9876 5432' },
    { area1: 'Fortitude Valley', region: 'QLD', postcode: '4006', phone: '+61 7 3123 0000' },
  ],
  NZ: [{ area1: 'Auckland', area2: 'Ponsonby', region: 'Auckland', postcode: '1011', phone: '+64 9 123 4567' }],
  UK: [
    { area1: 'Bath', area2: 'Combe Down', region: 'Somerset', postcode: 'BA2 5AA', phone: '+44 1225 123456' },
    { area1: 'London', region: 'Greater London', postcode: 'EC1A 1BB', phone: '07123 456789' },
  ],
  US: [{ area1: 'New York', region: 'NY', postcode: '10001', phone: '+1 212 555 0100' }],
  CA: [{ area1: 'Toronto', region: 'ON', postcode: 'M5V 2T6', phone: '+1 416 555 0100' }],
  FR: [{ area1: 'Lyon', region: 'Auvergne-Rhône-Alpes', postcode: '69002', phone: '+33 4 12 34 56 78' }],
  IT: [{ area1: 'Milano', region: 'Lombardia', postcode: '20121', phone: '+39 02 1234 5678' }],
  ES: [{ area1: 'Madrid', region: 'Comunidad de Madrid', postcode: '28013', phone: '+34 91 123 45 67' }],
};
const HOME_COUNTRY: Record<string, string> = { AUD: 'AU', NZD: 'NZ', GBP: 'UK', USD: 'US', CAD: 'CA', EUR: 'FR' };
const GIVEN = ['Joe', 'Jane', 'Aroha', 'Chloé', 'Siobhan', 'Mateo', 'Giulia', 'Noah', 'Zoë', 'Tomás'];
const SURNAMES = ['Consumer', 'Buyer', "O'Brien", 'Ngata', 'Dubois', 'García', 'Rossi', 'Smith', 'Müller'];
const PRODUCTS = [
  { name: 'Blue Carabiner', categories: [['Sporting Goods', 'Climbing Equipment', 'Climbing', 'Climbing Carabiners']] },
  { name: 'Chalk Bag', categories: [['Sporting Goods', 'Climbing Equipment']] },
  { name: 'Rope Bag', categories: [] },
  { name: 'Ruby Tote', categories: [['Bags']] },
  { name: 'T-Shirt "Summit"', categories: [] },
  { name: 'Trail Shoe (Men’s)', categories: [['Footwear', 'Trail']] },
];
const COURIERS = ['Australia Post', 'Royal Mail', 'UPS', 'INSTORE_PICKUP'];
const BASE32 = 'abcdefghijklmnopqrstuv0123456789';
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface DatasetOptions {
  count: number;
  seed: string | number;
  currency: string;
}

/**
 * `count` payments, oldest first: the documented ones (as many as `count` holds), then generated ones,
 * whose ids increase with their creation time.
 */
export function generatePayments({ count, seed, currency }: DatasetOptions): Payment[] {
  const documented = documentedPayments(currency).slice(0, count);
  const random = seededRandom(seed);
  const times = Array.from({ length: count - documented.length }, () => DATASET_START + Math.floor(random.next() * DATASET_DAYS * DAY)).sort((a, b) => a - b);
  let id = FIRST_ID;
  const generated = times.map((created) => {
    id += random.int(1, 40);
    return generatePayment(random, { id, created, currency });
  });
  return [...documented, ...generated].sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
}

/**
 * A payment that arrives now: created after every existing one, with the next id. The `insert` fault
 * uses it; `random` is the instance's fault generator, so inserts are reproducible too.
 */
export function newPayment(random: Random, existing: readonly Payment[], currency: string): Payment {
  let lastId = FIRST_ID;
  let lastCreated = DATASET_START;
  for (const payment of existing) {
    lastId = Math.max(lastId, Number(payment.id));
    lastCreated = Math.max(lastCreated, Date.parse(payment.created));
  }
  return generatePayment(random, { id: lastId + random.int(1, 40), created: lastCreated + random.int(1_000, 600_000), currency });
}

function generatePayment(random: Random, { id, created, currency }: { id: number; created: number; currency: string }): Payment {
  const money = (cents: number): Money => ({ amount: (cents / 100).toFixed(2), currency });
  const order = orderDetails(random, id, currency, money);
  const totalCents = order.totalCents;
  const at = (offsetMs: number) => new Date(created + offsetMs).toISOString();
  const eventId = () => `1${Array.from({ length: 26 }, () => random.pick([...BASE62])).join('')}`;
  const event = (type: string, cents: number, offsetMs: number, expires: string | null = null): PaymentEvent => ({
    id: eventId(),
    created: at(offsetMs),
    expires,
    type,
    amount: money(cents),
    // Real events carry null; a few integrations send an empty string.
    paymentEventMerchantReference: random.chance(0.05) ? '' : null,
  });

  const roll = random.next();
  const status = roll < 0.85 ? 'APPROVED' : roll < 0.97 ? 'DECLINED' : random.pick(UNKNOWN_STATUSES);
  const deferred = random.chance(0.5);
  const events: PaymentEvent[] = [];
  const refunds: Record<string, unknown>[] = [];
  let state: string;
  let openCents = 0;

  if (status === 'DECLINED') {
    if (deferred) {
      events.push(event('AUTH_DECLINED', totalCents, random.int(5_000, 60_000)));
      state = 'AUTH_DECLINED';
    } else {
      // The real service leaves the whole amount open to capture after a declined capture.
      events.push(event('CAPTURE_DECLINED', totalCents, random.int(5_000, 60_000)));
      state = 'CAPTURE_DECLINED';
      openCents = totalCents;
    }
  } else if (!deferred || status !== 'APPROVED') {
    events.push(event(status === 'APPROVED' ? 'CAPTURED' : 'AUTH_APPROVED', totalCents, random.int(5_000, 60_000), status === 'APPROVED' ? null : at(7 * DAY)));
    state = status === 'APPROVED' ? 'CAPTURED' : random.pick(['AUTH_APPROVED', 'AUTH_PENDING']);
    openCents = status === 'APPROVED' ? 0 : totalCents;
    if (status === 'APPROVED') refunds.push(...regularRefunds(random, totalCents, created, money, id));
  } else {
    const authorisedAt = random.int(5_000, 60_000);
    events.push(event('AUTH_APPROVED', totalCents, authorisedAt, at(authorisedAt + 7 * DAY)));
    const outcome = random.next();
    const voided = (cents: number, offsetMs: number) => {
      const voidEvent = event('VOIDED', cents, offsetMs);
      events.push(voidEvent);
      // A void is listed among the refunds, with the VOIDED event's id as its refundId.
      refunds.push({ amount: money(cents), refundId: voidEvent.id, refundedAt: voidEvent.created });
    };
    if (outcome < 0.35) {
      state = 'AUTH_APPROVED';
      openCents = totalCents;
      if (random.chance(0.15) && totalCents > 200) {
        const part = random.int(100, totalCents - 100);
        voided(part, random.int(2, 48) * 3_600_000);
        openCents = totalCents - part;
      }
    } else if (outcome < 0.65) {
      events.push(event('CAPTURED', totalCents, random.int(1, 72) * 3_600_000));
      state = 'CAPTURED';
      refunds.push(...regularRefunds(random, totalCents, created, money, id));
    } else if (outcome < 0.8 && totalCents > 200) {
      const captured = random.int(100, totalCents - 100);
      events.push(event('CAPTURED', captured, random.int(1, 72) * 3_600_000));
      state = 'PARTIALLY_CAPTURED';
      openCents = totalCents - captured;
    } else if (outcome < 0.9 && totalCents > 200) {
      const captured = random.int(100, totalCents - 100);
      events.push(event('CAPTURED', captured, random.int(1, 24) * 3_600_000));
      voided(totalCents - captured, random.int(25, 72) * 3_600_000);
      state = 'CAPTURED';
    } else {
      voided(totalCents, random.int(1, 72) * 3_600_000);
      state = 'VOIDED';
    }
  }

  const payment: Payment = {
    id: String(id),
    token: `002.${Array.from({ length: 46 }, () => random.pick([...BASE32])).join('')}`,
    status,
    created: at(0),
    originalAmount: money(totalCents),
    openToCaptureAmount: money(openCents),
    paymentState: state,
    refunds,
    orderDetails: order.details,
    events,
  };
  if (!random.chance(0.04)) payment.merchantReference = merchantReference(random, id);
  return reorder(payment);
}

// The real bodies list merchantReference between paymentState and refunds.
function reorder({
  id,
  token,
  status,
  created,
  originalAmount,
  openToCaptureAmount,
  paymentState,
  merchantReference,
  refunds,
  orderDetails,
  events,
}: Payment): Payment {
  return {
    id,
    token,
    status,
    created,
    originalAmount,
    openToCaptureAmount,
    paymentState,
    ...(merchantReference === undefined ? {} : { merchantReference }),
    refunds,
    orderDetails,
    events,
  };
}

/** References that need percent-encoding: spaces, `&`, `+`, `/`, non-ASCII. Never a comma (the service splits on it). */
function merchantReference(random: Random, id: number): string {
  const n = id % 1_000_000;
  return random.pick([
    () => `R${String(id).slice(-9)}`,
    () => `order ${n} & gift`,
    () => `A+B ${n}`,
    () => `Café-№${n}`,
    () => `注文-${n}`,
    () => `ref-${id.toString(16)}`,
    () => String(n).padStart(9, '0'),
    () => `INV/${n}?x=1`,
  ])();
}

function regularRefunds(random: Random, totalCents: number, created: number, money: (cents: number) => Money, id: number) {
  const refunds: Record<string, unknown>[] = [];
  let left = totalCents;
  while (left > 100 && refunds.length < 2 && random.chance(refunds.length ? 0.2 : 0.25)) {
    const cents = random.int(100, left);
    left -= cents;
    const refund: Record<string, unknown> = {};
    if (random.chance(0.5)) refund.requestId = uuid(random);
    refund.amount = money(cents);
    if (random.chance(0.4)) refund.merchantReference = `refund-${id % 100_000}-${refunds.length + 1}`;
    refund.refundId = String(random.int(10_000_000, 99_999_999));
    refund.refundedAt = new Date(created + random.int(1, 30) * DAY + random.int(0, DAY - 1)).toISOString();
    if (random.chance(0.2)) refund.refundMerchantReference = `credit-note-${random.int(1, 999)}`;
    refunds.push(refund);
  }
  return refunds;
}

function uuid(random: Random) {
  const hex = (length: number) => Array.from({ length }, () => random.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${random.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

function orderDetails(random: Random, id: number, currency: string, money: (cents: number) => Money) {
  const given = random.pick(GIVEN);
  const surname = random.pick(SURNAMES);
  const consumer: Record<string, string> = {
    // Real bodies send an empty phoneNumber rather than leaving it out.
    phoneNumber: random.chance(0.3) ? '' : `04${random.int(10_000_000, 99_999_999)}`,
    givenNames: given,
    surname,
  };
  if (!random.chance(0.04)) consumer.email = `${ascii(given)}.${ascii(surname)}${id % 1000}@example.com`;

  const items = Array.from({ length: random.pick([0, 1, 1, 2, 3]) }, () => {
    const product = random.pick(PRODUCTS);
    const item: Record<string, unknown> = { name: product.name };
    if (random.chance(0.7)) item.sku = `SKU-${random.int(10_000, 99_999)}`;
    item.quantity = random.int(1, 3);
    item.price = money(random.int(500, 40_000));
    if (random.chance(0.5)) item.categories = product.categories;
    if (random.chance(0.1)) item.estimatedShipmentDate = `2024-${String(random.int(1, 12)).padStart(2, '0')}`;
    return item;
  });
  const shippingCents = random.pick([0, 0, 1000, 1500]);
  const discounts = random.chance(0.1) ? [{ displayName: 'New Customer Coupon', amount: money(1000) }] : [];
  const itemsCents = items.reduce((sum, item) => sum + Math.round(Number((item.price as Money).amount) * 100) * (item.quantity as number), 0);
  const totalCents = items.length ? Math.max(100, itemsCents + shippingCents - (discounts.length ? 1000 : 0)) : random.int(500, 200_000);

  const details: Record<string, unknown> = { consumer };
  if (random.chance(0.85)) {
    const home = HOME_COUNTRY[currency] ?? 'AU';
    const country = random.chance(0.7) ? home : random.pick(Object.keys(PLACES));
    const billing = address(random, `${given} ${surname}`, country);
    details.billing = billing;
    details.shipping = random.chance(0.8) ? { ...billing } : address(random, `${given} ${surname}`, country);
  }
  details.courier = random.chance(0.8)
    ? {}
    : {
        shippedAt: new Date(DATASET_START + random.int(0, DATASET_DAYS) * DAY).toISOString(),
        name: random.pick(COURIERS),
        tracking: `AA${random.int(1e9, 9e9)}`,
        priority: random.pick(['STANDARD', 'EXPRESS']),
      };
  details.items = items;
  details.discounts = discounts;
  if (random.chance(0.5)) details.taxAmount = money(Math.round(totalCents / 11));
  if (shippingCents || random.chance(0.5)) details.shippingAmount = money(shippingCents);
  return { details, totalCents };
}

function address(random: Random, name: string, country: string) {
  const place = random.pick(PLACES[country]!);
  const result: Record<string, string> = { name, line1: `${random.int(1, 400)} Example Road` };
  // Real returned addresses carry an empty line2 rather than leaving it out.
  if (random.chance(0.5)) result.line2 = random.chance(0.5) ? '' : `Unit ${random.int(1, 40)}`;
  result.area1 = place.area1;
  if (place.area2 && random.chance(0.5)) result.area2 = place.area2;
  result.region = place.region;
  result.postcode = place.postcode;
  // Some integrations send billing without a country code.
  if (random.chance(0.85)) result.countryCode = country;
  if (random.chance(0.6)) result.phoneNumber = place.phone;
  return result;
}

function ascii(name: string) {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}
