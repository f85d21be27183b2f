// `merchant-ordering configuration [--include ...]`: the merchant's payment limits, plus the parts
// asked for. A readable list on a terminal, the JSON otherwise.
import { type Command, JSON_FLAG, wantsJson } from '../command.js';
import { printable, terminalSafe, writeAll } from '../io.js';
import { jsonToPrint } from '../json-depth.js';
import { displayWidth } from '../table.js';

export const configuration: Command = {
  words: ['configuration'],
  summary: "the merchant's payment limits, and the parts asked for with --include",
  flags: {
    include: { type: 'string', multiple: true, value: 'PART', help: 'an optional part to add: publicid, consumerlending or paybyinstallment; repeatable' },
    ...JSON_FLAG,
  },
  usage: '[--include PART]... [--json]',
  description: 'Sends GET /v2/configuration. The configuration changes rarely: the service asks clients to cache it for a day.',
  examples: ['merchant-ordering configuration --include publicid --include paybyinstallment', 'merchant-ordering configuration --sandbox --json'],
  async run(context) {
    const connection = await context.connect();
    try {
      const include = context.values.include as string[] | undefined;
      const result = await connection.client.getConfiguration(include ? { include } : {}, { signal: context.signal });
      if (wantsJson(context)) {
        await writeAll(context.io.stdout, `${terminalSafe(jsonToPrint(result, 'the configuration'))}\n`);
      } else {
        const rows = flatten(result).map(([key, value]) => [printable(key), printable(value)] as const);
        const width = Math.max(...rows.map(([key]) => displayWidth(key)));
        await writeAll(context.io.stdout, rows.map(([key, value]) => `${key}${' '.repeat(width - displayWidth(key))}  ${value}\n`).join(''));
      }
      return 0;
    } finally {
      await connection.close();
    }
  },
};

/** `{ minimumAmount: { amount, currency }, consumerLending: { enabled } }` as `minimumAmount 1.00 AUD`, `consumerLending.enabled true`. */
function flatten(value: unknown, prefix = ''): [string, string][] {
  if (value === null || typeof value !== 'object') return [[prefix, String(value)]];
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 2 && typeof record.amount === 'string' && typeof record.currency === 'string') return [[prefix, `${record.amount} ${record.currency}`]];
  if (Array.isArray(value)) return [[prefix, JSON.stringify(value)]];
  return keys.flatMap((key) => flatten(record[key], prefix ? `${prefix}.${key}` : key));
}
