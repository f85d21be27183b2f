// The CSV: stable columns, the flattening rule, amounts as the service's strings, RFC 4180 quoting, and
// OWASP's CSV-injection defence. Rows are read back with an RFC 4180 reader written here.
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, CSV_HEADER, csvCell, csvRow } from '../../src/csv.js';
import { readCsv } from '../helpers/csv.js';

const PAYMENT = {
  id: '100100000138',
  token: '002.abc',
  status: 'APPROVED',
  created: '2024-01-01T00:31:34.204Z',
  originalAmount: { amount: '29.90', currency: 'AUD' },
  openToCaptureAmount: { amount: '0.00', currency: 'AUD' },
  paymentState: 'CAPTURED',
  merchantReference: 'order "7", A+B',
  refunds: [{ amount: { amount: '5.00', currency: 'AUD' }, refundId: '9' }],
  orderDetails: {
    consumer: { email: 'joe@example.com', givenNames: 'Joe', surname: "O'Brien", phoneNumber: '' },
    billing: { name: 'Joe', line1: 'Level 5\n390 Collins St', area1: 'Melbourne', region: 'VIC', postcode: '3000', countryCode: 'AU' },
    courier: {},
    items: [{ name: 'Blue Carabiner', quantity: 2, price: { amount: '10.00', currency: 'AUD' }, preorder: false }],
    discounts: [],
    taxAmount: { amount: '2.72', currency: 'AUD' },
  },
  events: [],
  somethingNew: 'not a column',
};

describe('CSV columns', () => {
  it("are the description's Payment fields by dotted path, in a fixed order, arrays as single cells", () => {
    expect(CSV_COLUMNS).toMatchInlineSnapshot(`
      [
        "id",
        "token",
        "status",
        "created",
        "originalAmount.amount",
        "originalAmount.currency",
        "openToCaptureAmount.amount",
        "openToCaptureAmount.currency",
        "paymentState",
        "merchantReference",
        "orderDetails.consumer.email",
        "orderDetails.consumer.givenNames",
        "orderDetails.consumer.surname",
        "orderDetails.consumer.phoneNumber",
        "orderDetails.billing.name",
        "orderDetails.billing.line1",
        "orderDetails.billing.line2",
        "orderDetails.billing.area1",
        "orderDetails.billing.area2",
        "orderDetails.billing.region",
        "orderDetails.billing.postcode",
        "orderDetails.billing.countryCode",
        "orderDetails.billing.phoneNumber",
        "orderDetails.shipping.name",
        "orderDetails.shipping.line1",
        "orderDetails.shipping.line2",
        "orderDetails.shipping.area1",
        "orderDetails.shipping.area2",
        "orderDetails.shipping.region",
        "orderDetails.shipping.postcode",
        "orderDetails.shipping.countryCode",
        "orderDetails.shipping.phoneNumber",
        "orderDetails.courier.shippedAt",
        "orderDetails.courier.name",
        "orderDetails.courier.tracking",
        "orderDetails.courier.priority",
        "orderDetails.taxAmount.amount",
        "orderDetails.taxAmount.currency",
        "orderDetails.shippingAmount.amount",
        "orderDetails.shippingAmount.currency",
        "orderDetails.items",
        "orderDetails.discounts",
        "refunds",
        "events",
      ]
    `);
    expect(readCsv(CSV_HEADER)).toEqual([[...CSV_COLUMNS]]);
  });
});

describe('a CSV row', () => {
  const [row] = readCsv(csvRow(PAYMENT));
  const cell = (column: string) => row![CSV_COLUMNS.indexOf(column)];

  it('has one cell per column, and ends with CRLF', () => {
    expect(row).toHaveLength(CSV_COLUMNS.length);
    expect(csvRow(PAYMENT).endsWith(']\r\n')).toBe(true); // the last column, events, is an array
  });

  it("keeps amounts as the service's strings", () => {
    expect(cell('originalAmount.amount')).toBe('29.90');
    expect(cell('openToCaptureAmount.amount')).toBe('0.00');
    expect(cell('orderDetails.taxAmount.amount')).toBe('2.72');
  });

  it('quotes commas, quotes and line breaks, and reads back to the same text', () => {
    expect(cell('merchantReference')).toBe('order "7", A+B');
    expect(cell('orderDetails.billing.line1')).toBe('Level 5\n390 Collins St');
  });

  it('leaves missing fields, empty strings and empty objects as empty cells', () => {
    expect(cell('orderDetails.billing.line2')).toBe('');
    expect(cell('orderDetails.consumer.phoneNumber')).toBe('');
    expect(cell('orderDetails.courier.name')).toBe('');
    expect(cell('orderDetails.shippingAmount.amount')).toBe('');
  });

  it('writes each array as its compact JSON in one cell', () => {
    expect(JSON.parse(cell('orderDetails.items')!)).toEqual(PAYMENT.orderDetails.items);
    expect(JSON.parse(cell('refunds')!)).toEqual(PAYMENT.refunds);
    expect(cell('events')).toBe('[]');
  });

  it('leaves out fields the description does not define', () => {
    expect(row).not.toContain('not a column');
  });
});

describe('CSV injection (OWASP)', () => {
  it.each([['=HYPERLINK("http://evil.example","click")'], ["+1+cmd|' /C calc'!A0"], ['-2+3'], ['@SUM(1,1)'], ['\t=1+1'], ['\r=1+1'], ['\n=1+1'], ['\0=1+1']])(
    'a cell starting %j gets a leading apostrophe and quotes',
    (text) => {
      const out = csvCell(text);
      expect(out.startsWith(`"'`)).toBe(true);
      expect(readCsv(`${out}\r\n`)).toEqual([[`'${text}`]]);
    },
  );

  it('leaves plain numbers and ordinary text alone', () => {
    for (const text of ['-5.00', '+61', '29.90', 'order-1', 'A+B', 'a=b', 'joe@example.com']) expect(csvCell(text)).toBe(text);
  });

  it('defuses formulas in every column, nested ones included', () => {
    const evil = {
      ...PAYMENT,
      merchantReference: '=1+1',
      orderDetails: { ...PAYMENT.orderDetails, consumer: { email: '@evil', givenNames: '+x', surname: '-y' } },
    };
    const [row] = readCsv(csvRow(evil));
    const formulaLike = row!.filter((value) => /^[=+\-@\t\r]/.test(value));
    expect(formulaLike).toEqual([]);
    expect(row).toEqual(expect.arrayContaining(["'=1+1", "'@evil", "'+x", "'-y"]));
  });
});

describe('CSV for a reader in a ";" locale', () => {
  it('quotes a cell holding ";", so that no cell of the row reads as a formula there', () => {
    const out = csvCell('a;=1+1');
    expect(out).toBe('"a;=1+1"');
    // A ";"-separated reader splits unquoted text at ";": quoted, the cell stays whole.
    const semicolonCells = (line: string) => line.match(/("([^"]|"")*"|[^;]*)(;|$)/g)!.map((cell) => cell.replace(/;$/, ''));
    expect(semicolonCells(out).filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it.each([['＝1+1'], ['＋1+1'], ['－2+3'], ['＠SUM(1,1)']])('defuses the full-width %j as the ASCII form is', (text) => {
    expect(csvCell(text)).toBe(`"'${text}"`);
  });
});
