// The CLI export's baseline, what a developer writes today instead: the same client, iteratePayments in the CLI's default order (so both send the same
// requests), each payment a line of JSON to a file.
//   node cli-export-plain.mjs --url URL (--out FILE | --discard)
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { clientEntry } from '../lib/workspace.mjs';

const { values } = parseArgs({ options: { url: { type: 'string' }, out: { type: 'string' }, discard: { type: 'boolean', default: false } } });
const { createClient } = await import(clientEntry);
const client = createClient({ merchantId: process.env.MERCHANT_ID, secretKey: process.env.SECRET_KEY, baseUrl: values.url });
const out = values.discard ? undefined : createWriteStream(values.out);
let count = 0;
for await (const payment of client.iteratePayments({ orderBy: 'createdAt', ascending: true, limit: 250 })) {
  count++;
  if (out && !out.write(`${JSON.stringify(payment)}\n`)) await once(out, 'drain');
}
if (out) await finished(out.end());
process.stdout.write(`${count}\n`);
