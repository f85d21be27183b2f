// The export's CSV: RFC 4180 (comma, CRLF, fields with a comma, quote or line break in double quotes,
// quotes doubled), UTF-8 without a byte-order mark, one row per payment under a fixed header.
//
// Columns are stable: every field of the description's Payment, in its order, named by its dotted path
// (`orderDetails.billing.postcode`). Objects are flattened down to the fields the description defines;
// the four arrays (`orderDetails.items`, `orderDetails.discounts`, `refunds`, `events`) are one cell each,
// holding their compact JSON. A missing field or null is an empty cell; strings are written as the
// service sent them, amounts included (`29.90` stays `29.90`: never a float); numbers and booleans as
// JSON writes them. Fields the description does not define are left out (JSONL keeps everything).
//
// CSV injection (OWASP): a cell a spreadsheet would run as a formula, one that starts with `=`, `+`,
// `-`, `@` (or their full-width forms `＝＋－＠`, which some spreadsheets read as the same), a tab, a
// carriage return, a line feed or NUL, gets a leading `'` and is quoted. A plain decimal number
// (`-5.00`) cannot run and is left as it is. A cell holding `;` is quoted too: a reader in a locale
// whose separator is `;` would otherwise split it, and a piece could start a formula.

const CONTACT_FIELDS = ['name', 'line1', 'line2', 'area1', 'area2', 'region', 'postcode', 'countryCode', 'phoneNumber'];
const money = (path: string) => [`${path}.amount`, `${path}.currency`];

/** The CSV header, in order. Adding a column is a change for every reader of the file: append only. */
export const CSV_COLUMNS: readonly string[] = Object.freeze([
  'id',
  'token',
  'status',
  'created',
  ...money('originalAmount'),
  ...money('openToCaptureAmount'),
  'paymentState',
  'merchantReference',
  ...['email', 'givenNames', 'surname', 'phoneNumber'].map((field) => `orderDetails.consumer.${field}`),
  ...CONTACT_FIELDS.map((field) => `orderDetails.billing.${field}`),
  ...CONTACT_FIELDS.map((field) => `orderDetails.shipping.${field}`),
  ...['shippedAt', 'name', 'tracking', 'priority'].map((field) => `orderDetails.courier.${field}`),
  ...money('orderDetails.taxAmount'),
  ...money('orderDetails.shippingAmount'),
  'orderDetails.items',
  'orderDetails.discounts',
  'refunds',
  'events',
]);

const PATHS = CSV_COLUMNS.map((column) => column.split('.'));
const FORMULA_START = /^[=+\-@\uff1d\uff0b\uff0d\uff20\t\r\n\0]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",;\r\n]/;
const EOL = '\r\n';

export const CSV_HEADER = `${CSV_COLUMNS.join(',')}${EOL}`;

/** One cell: formula-like text defused, then quoted when RFC 4180 requires it. */
export function csvCell(text: string): string {
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value); // the arrays, or an object where the description has a string
}

/** One payment as one CSV line, CRLF included. */
export function csvRow(payment: object): string {
  let line = '';
  for (let column = 0; column < PATHS.length; column++) {
    const path = PATHS[column]!;
    let value: unknown = payment;
    for (let depth = 0; depth < path.length && value !== undefined && value !== null; depth++) {
      value = typeof value === 'object' && Object.hasOwn(value, path[depth]!) ? (value as Record<string, unknown>)[path[depth]!] : undefined;
    }
    line += (column ? ',' : '') + csvCell(cellText(value));
  }
  return line + EOL;
}
