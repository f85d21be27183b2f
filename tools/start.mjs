#!/usr/bin/env node
// `pnpm start`: serves the Prism mock of the bundled description and the built docs site, and prints
// how to reach both. Ports: --mock-port N or MOCK_PORT (default 4010), --docs-port N or DOCS_PORT
// (default 8080). Ctrl+C, SIGTERM, SIGHUP, or the pnpm that started it going away stop both; exit 0.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stopOnSignalsOrOrphaning } from './lifecycle.mjs';
import { startPrism } from './mock/prism.mjs';
import { serveStatic } from './static-server.mjs';

const docsDist = resolve(dirname(fileURLToPath(import.meta.url)), '../packages/docs/dist');

const { values } = parseArgs({
  options: {
    'mock-port': { type: 'string', default: process.env.MOCK_PORT ?? '4010' },
    'docs-port': { type: 'string', default: process.env.DOCS_PORT ?? '8080' },
  },
});

// Checked first, so a missing build fails before Prism spends two seconds starting.
if (!existsSync(resolve(docsDist, 'index.html'))) {
  console.error(`No docs site in ${docsDist}: run \`pnpm build\` (or \`pnpm start\`, which builds first).`);
  process.exit(1);
}

const running = [];
stopOnSignalsOrOrphaning(() => Promise.all(running.map((server) => server.close())));

/** Starts one server; a busy port ends the command with one line naming the setting to change. */
async function start(what, port, setting, launch) {
  try {
    const server = await launch(Number(port));
    running.push(server);
    return server;
  } catch (error) {
    if (error?.code !== 'EADDRINUSE') throw error;
    console.error(`Port ${port} is in use, so the ${what} cannot start: pick another with ${setting} (for example \`${setting.split('/')[0]}=${Number(port) + 1} pnpm start\`).`);
    await Promise.all(running.map((server) => server.close()));
    process.exit(1);
  }
}

const docs = await start('docs site', values['docs-port'], 'DOCS_PORT/--docs-port', (port) => serveStatic({ root: docsDist, port }));
const mock = await start('mock', values['mock-port'], 'MOCK_PORT/--mock-port', async (port) => {
  const prism = await startPrism({ port });
  return { url: prism.url, close: prism.stop };
});

// The API document's worked example: Merchant ID 32, Secret Key abcdefgh.
const basic = Buffer.from('32:abcdefgh').toString('base64');
console.log(`
API reference (docs site):                 ${docs.url}/
Mock of the Merchant Online Ordering API:  ${mock.url}

  curl -s -H 'Authorization: Basic ${basic}' -H 'Accept: application/json' \\
    -H 'User-Agent: curl-example/1.0 (Merchant/32)' \\
    '${mock.url}/v2/payments?limit=20&statuses=APPROVED&statuses=DECLINED&fromCreatedDate=2019-01-01T09:00:00.000%2B11:00'

  curl -s '${mock.url}/ping'

The TypeScript samples on the docs site run against the mock with MERCHANT_API_BASE_URL=${mock.url}.
Ctrl+C stops both.`);
