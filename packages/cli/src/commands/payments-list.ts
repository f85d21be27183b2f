// `merchant-ordering payments list`: one page of List Payments, every parameter a flag. A table on a
// terminal; the page (the service's Pagination object) as JSON when piped or with --json.
import type { Pagination, Payment } from '@merchant-ordering/client';
import { type Command, JSON_FLAG, wantsJson } from '../command.js';
import { count, style, colourEnabled, terminalSafe, writeAll } from '../io.js';
import { jsonToPrint } from '../json-depth.js';
import { FILTER_FLAGS, filterQuery, pageFlags } from '../list-flags.js';
import { type Column, renderTable } from '../table.js';

export const paymentsList: Command = {
  words: ['payments', 'list'],
  summary: 'one page of payments, with every List Payments filter as a flag',
  flags: {
    ...FILTER_FLAGS,
    limit: { type: 'string', value: 'N', help: 'payments on the page, 1 to 250 (default: 20)' },
    offset: { type: 'string', value: 'N', help: 'the position of the first one (default: 0)' },
    ...JSON_FLAG,
  },
  usage:
    '[--status STATUS]... [--token T]... [--id ID]... [--merchant-reference REF]... [--from DATE] [--to DATE]\n      [--order-by FIELD] [--ascending] [--limit N] [--offset N] [--json]',
  description: 'Sends GET /v2/payments. Dates take an offset (Z or ±hh:mm); values are checked before anything is sent.',
  examples: [
    'merchant-ordering payments list --status APPROVED --status DECLINED --from 2024-03-01T00:00:00+11:00 --limit 50',
    'merchant-ordering payments list --merchant-reference "order #1 & A+B" --json | jq .results[0]',
  ],
  async run(context) {
    const connection = await context.connect();
    try {
      const page = await connection.client.listPayments({ ...filterQuery(context.values), ...pageFlags(context.values) }, { signal: context.signal });
      const { stdout } = context.io;
      if (wantsJson(context)) await writeAll(stdout, `${terminalSafe(jsonToPrint(page, 'the page'))}\n`);
      else await writeAll(stdout, `${pageTable(page, stdout.columns ?? 100, colourEnabled(stdout, context.io.env)).join('\n')}\n`);
      return 0;
    } finally {
      await connection.close();
    }
  },
};

const COLUMNS: Column[] = [
  // Every column gives way to the terminal's width: a service can send an ID or an amount of any length.
  { header: 'ID', shrink: true, min: 12 },
  { header: 'CREATED (UTC)', shrink: true, min: 19 },
  { header: 'STATUS', shrink: true, min: 8 },
  { header: 'STATE', shrink: true, min: 8 },
  { header: 'AMOUNT', align: 'right', shrink: true, min: 12 },
  { header: 'MERCHANT REFERENCE', shrink: true, min: 10 },
  { header: 'EMAIL', shrink: true, min: 10 },
];

function row(payment: Payment): string[] {
  const amount = payment.originalAmount ? `${payment.originalAmount.amount} ${payment.originalAmount.currency}` : '';
  return [
    payment.id,
    (payment.created ?? '').replace('T', ' ').replace(/(\.\d+)?Z$/, ''),
    payment.status ?? '',
    payment.paymentState ?? '',
    amount,
    payment.merchantReference ?? '',
    payment.orderDetails?.consumer?.email ?? '',
  ];
}

/** The page as table lines with a footer saying where it sits and how to get the next one. */
export function pageTable(page: Pagination, columns: number, colour: boolean): string[] {
  const paint = style(colour);
  const { results, totalResults, offset } = page;
  if (!results.length) return [paint.dim(`no payments on this page (${count(totalResults)} match, offset ${count(offset)})`)];
  const last = offset + results.length;
  const next = last < totalResults ? `; next page: --offset ${last}` : '';
  return [
    ...renderTable(COLUMNS, results.map(row), columns, paint),
    paint.dim(`${count(offset + 1)}–${count(last)} of ${count(totalResults)} payments${next}`),
  ];
}
