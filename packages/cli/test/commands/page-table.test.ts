// The payments list's table and footer, exact: the created time without its T, Z or fraction, a
// missing field as an empty cell, the footer's range and next offset at the last page's edge, and an
// empty page.
import { describe, expect, it } from 'vitest';
import { pageTable } from '../../src/commands/payments-list.js';

type Page = Parameters<typeof pageTable>[0];
const payment = {
  id: '100000000001',
  created: '2024-01-02T03:04:05.678Z',
  status: 'APPROVED',
  paymentState: 'CAPTURED',
  originalAmount: { amount: '10.00', currency: 'AUD' },
  merchantReference: 'ref-1',
  orderDetails: { consumer: { email: 'a@example.com' } },
};
const page = (results: object[], totalResults: number, offset: number) => ({ results, totalResults, offset, limit: 20 }) as unknown as Page;
// AMOUNT is right-aligned, its header too.
const HEADER = 'ID            CREATED (UTC)        STATUS    STATE        AMOUNT  MERCHANT REFERENCE  EMAIL';

describe('pageTable', () => {
  it('a page in the middle: its rows, then where it sits and the next offset', () => {
    expect(pageTable(page([payment], 5, 2), 200, false)).toEqual([
      HEADER,
      '100000000001  2024-01-02 03:04:05  APPROVED  CAPTURED  10.00 AUD  ref-1               a@example.com',
      '3–3 of 5 payments; next page: --offset 3',
    ]);
  });

  it('the last page has no next offset; a time without a fraction loses only its Z', () => {
    const lines = pageTable(page([{ ...payment, created: '2024-01-02T03:04:05Z' }], 3, 2), 200, false);
    expect(lines[1]).toContain('  2024-01-02 03:04:05  ');
    expect(lines[2]).toBe('3–3 of 3 payments');
  });

  it('a Z that does not end the time stays', () => {
    const lines = pageTable(page([{ ...payment, created: '2024-01-02T03:04:05Zx' }], 1, 0), 200, false);
    expect(lines[1]).toContain('  2024-01-02 03:04:05Zx  ');
  });

  it('missing fields are empty cells', () => {
    expect(pageTable(page([{ id: '1' }], 1, 0), 200, false)).toEqual([
      'ID  CREATED (UTC)  STATUS  STATE  AMOUNT  MERCHANT REFERENCE  EMAIL',
      '1',
      '1–1 of 1 payments',
    ]);
  });

  it('an empty page says how many match and where it was', () => {
    expect(pageTable(page([], 1234, 1500), 200, false)).toEqual(['no payments on this page (1,234 match, offset 1,500)']);
  });
});
