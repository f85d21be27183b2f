#!/usr/bin/env node
// `pnpm start`: serves the built docs site and a sandbox of the API (@merchant-ordering/sandbox), and
// prints how to reach both. Ports: --docs-port N or DOCS_PORT (default 8080), --sandbox-port N or
// SANDBOX_PORT (default 4010); 0 picks a free one. Ctrl+C, SIGTERM, SIGHUP, or the pnpm that started
// it going away stop both, with exit code 0.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '@merchant-ordering/sandbox';
import { stopOnSignalsOrOrphaning } from './lifecycle.mjs';
import { serveStatic } from './static-server.mjs';

const docsDist = resolve(dirname(fileURLToPath(import.meta.url)), '../packages/docs/dist');

const { values } = parseArgs({
  options: {
    'docs-port': { type: 'string', default: process.env.DOCS_PORT ?? '8080' },
    'sandbox-port': { type: 'string', default: process.env.SANDBOX_PORT ?? '4010' },
  },
});

if (!existsSync(resolve(docsDist, 'index.html'))) {
  console.error(`No docs site in ${docsDist}: run \`pnpm build\` (or \`pnpm start\`, which builds first).`);
  process.exit(1);
}

const running = [];
stopOnSignalsOrOrphaning(() => Promise.all(running.map((server) => server.close())));

/** Starts one server; a busy port ends the command with one line naming the setting to change. */
async function start(what, port, [variable, flag], launch) {
  try {
    const server = await launch(Number(port));
    running.push(server);
    return server;
  } catch (error) {
    if (error?.code !== 'EADDRINUSE') throw error;
    console.error(`Port ${port} is in use, so the ${what} cannot start: choose another with ${variable} or ${flag} (e.g. \`${variable}=${Number(port) + 1} pnpm start\`; 0 picks a free port).`);
    await Promise.all(running.map((server) => server.close()));
    process.exit(1);
  }
}

const docs = await start('docs site', values['docs-port'], ['DOCS_PORT', '--docs-port'], (port) => serveStatic({ root: docsDist, port }));
const sandbox = await start('sandbox', values['sandbox-port'], ['SANDBOX_PORT', '--sandbox-port'], (port) => startSandbox({ port }));

const { merchantId, secretKey } = sandbox.credentials;
const basic = Buffer.from(`${merchantId}:${secretKey}`).toString('base64');
console.log(`
API reference (docs site):                    ${docs.url}/
Sandbox of the Merchant Online Ordering API:  ${sandbox.url}  (Merchant ID ${merchantId}, Secret Key ${secretKey})

  curl -s -H 'Authorization: Basic ${basic}' -H 'Accept: application/json' \\
    -H 'User-Agent: curl-example/1.0 (Merchant/${merchantId})' \\
    '${sandbox.url}/v2/payments?limit=2&statuses=APPROVED&statuses=DECLINED&fromCreatedDate=2024-03-01T00:00:00.000%2B11:00'

  curl -s '${sandbox.url}/ping'

The TypeScript samples on the docs site run against it with MERCHANT_API_BASE_URL=${sandbox.url}.
Ctrl+C stops both.`);
