// The payments of one sandbox instance: the generated dataset plus whatever the `insert` fault adds.
// Sorted orders and each payment's encoded JSON are computed once and kept until the data changes, so a
// page costs a filter over a sorted list and one copy of the page's bytes.
import type { Payment } from './dataset.js';
import type { OrderField } from './list-query.js';

export interface Indexed {
  payment: Payment;
  /** The payment's JSON as UTF-8, encoded once. */
  bytes: Uint8Array;
  createdMs: number;
  statusUpper: string;
  /** The value each orderBy field sorts on; undefined when the payment lacks the field. */
  keys: Record<OrderField, string | number | undefined>;
}

export class PaymentStore {
  private readonly items: Indexed[] = [];
  private readonly sorted = new Map<string, Indexed[]>();

  constructor(payments: readonly Payment[]) {
    for (const payment of payments) this.items.push(index(payment));
  }

  all(): readonly Payment[] {
    return this.items.map((item) => item.payment);
  }

  insert(payment: Payment): void {
    this.items.push(index(payment));
    this.sorted.clear();
  }

  /** Every payment in the given order: missing values last, ties broken by id in the same direction. */
  sortedBy(field: OrderField, ascending: boolean): readonly Indexed[] {
    const key = `${field}:${ascending}`;
    let list = this.sorted.get(key);
    if (!list) {
      const direction = ascending ? 1 : -1;
      list = [...this.items].sort((a, b) => {
        const x = a.keys[field];
        const y = b.keys[field];
        if (x === undefined || y === undefined) {
          if (x !== y) return x === undefined ? 1 : -1;
        } else {
          const order = compareValues(field, x, y);
          if (order) return direction * order;
        }
        return direction * compareIds(a.payment.id, b.payment.id);
      });
      this.sorted.set(key, list);
    }
    return list;
  }
}

const utf8 = new TextEncoder();

function index(payment: Payment): Indexed {
  const email = (payment.orderDetails.consumer as { email?: string } | undefined)?.email;
  const createdMs = Date.parse(payment.created);
  return {
    payment,
    bytes: utf8.encode(JSON.stringify(payment)),
    createdMs,
    statusUpper: payment.status.toUpperCase(),
    keys: {
      createdAt: createdMs,
      id: payment.id,
      totalAmount: Number(payment.originalAmount.amount),
      merchantReference: payment.merchantReference,
      email,
    },
  };
}

function compareValues(field: OrderField, x: string | number, y: string | number): number {
  if (field === 'id') return compareIds(x as string, y as string);
  return x < y ? -1 : x > y ? 1 : 0; // numbers numerically (totalAmount, createdAt), strings by UTF-16 code unit
}

/** Order ids are numeric strings: shorter is smaller, then digit by digit. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
