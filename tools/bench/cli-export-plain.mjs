// The baseline of item 8 (CLI export): what a developer writes today instead of the CLI, in a process
// of its own. The client the CLI is built on (the same dist/), `iteratePayments` with pages of 250 in the
// CLI's default order (oldest first, so both send the same requests), and each payment as a line of JSON
// to a file, waiting for the stream to drain; with --discard, the walk alone, nothing written.
//
//   node cli-export-plain.mjs --url URL --out FILE [--discard]
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { repoRoot } from './lib/paths.mjs';

const { values } = parseArgs({ options: { url: { type: 'string' }, out: { type: 'string' }, discard: { type: 'boolean', default: false } } });
// The client's dist/ that the CLI resolves through its workspace dependency.
const { createClient } = await import(pathToFileURL(join(repoRoot, 'packages/client/dist/index.js')).href);
const client = createClient({ merchantId: process.env.MERCHANT_ID, secretKey: process.env.SECRET_KEY, baseUrl: values.url });
const QUERY = { orderBy: 'createdAt', ascending: true, limit: 250 };
let count = 0;
if (values.discard) {
  for await (const payment of client.iteratePayments(QUERY)) if (payment.id) count++;
} else {
  const out = createWriteStream(values.out);
  for await (const payment of client.iteratePayments(QUERY)) {
    count++;
    if (!out.write(`${JSON.stringify(payment)}\n`)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}
process.stdout.write(`${count}\n`);
