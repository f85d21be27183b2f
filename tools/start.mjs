#!/usr/bin/env node
// `pnpm start`: reads its flags, checks that its ports are free, builds the workspace (turbo run bundle
// build), then serves the built docs site and a sandbox of the API (@merchant-ordering/sandbox) and
// prints how to reach both. Ctrl+C, SIGTERM, SIGHUP, or the pnpm that started it going away stop both,
// with exit code 0. The build comes after the flags and the ports, so `--help`, a typo or a busy port
// answers at once rather than after a build.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { build, portNumber, readCommandLine, repoRoot } from './command-line.mjs';

const HOST = '127.0.0.1';
const USAGE = `usage: pnpm start [--docs-port <port>] [--sandbox-port <port>] [--no-build]

Builds the workspace, then serves the API reference (docs site) and a sandbox of the API on ${HOST},
and prints a working curl. Ctrl+C stops both.

  --docs-port <port>     the docs site's port; default DOCS_PORT, else 8080
  --sandbox-port <port>  the sandbox's port; default SANDBOX_PORT, else 4010
                         (0 picks a free port)
  --no-build             serve what is already built, without running turbo first
  --version              the version of the API description
  -h, --help             this text`;

const SERVERS = [
  { what: 'docs site', flag: '--docs-port', variable: 'DOCS_PORT', fallback: '8080' },
  { what: 'sandbox', flag: '--sandbox-port', variable: 'SANDBOX_PORT', fallback: '4010' },
];

const settings = readCommandLine({
  command: 'pnpm start',
  usage: USAGE,
  options: {
    'docs-port': { type: 'string', value: '<port>' },
    'sandbox-port': { type: 'string', value: '<port>' },
    'no-build': { type: 'boolean' },
  },
  check: ({ values }) => ({
    build: !values['no-build'],
    ports: SERVERS.map(({ flag, variable, fallback }) => {
      const fromFlag = values[flag.slice(2)];
      const [text, name] = fromFlag !== undefined ? [fromFlag, flag] : [process.env[variable] ?? fallback, variable];
      return portNumber(text, name);
    }),
  }),
});

/** The servers whose port another process holds. */
async function busyServers(ports) {
  const busy = [];
  for (const [index, port] of ports.entries()) {
    if (port === 0) continue;
    const free = await new Promise((answer) => {
      const probe = createServer();
      probe.once('error', (error) => answer(error.code !== 'EADDRINUSE'));
      probe.listen(port, HOST, () => probe.close(() => answer(true)));
    });
    if (!free) busy.push({ ...SERVERS[index], port });
  }
  return busy;
}

/** One line for every busy port at once, naming the setting that moves each. */
function busyLine(busy) {
  if (busy.length === 1) {
    const [{ what, port, variable, flag }] = busy;
    return `Port ${port} is in use, so the ${what} cannot start: choose another with ${variable} or ${flag} (e.g. \`${variable}=${port + 1} pnpm start\`; 0 picks a free port).`;
  }
  const ports = busy.map(({ port }) => port).join(' and ');
  const whats = busy.map(({ what }) => `the ${what}`).join(' and ');
  const settingsText = busy.map(({ variable, flag }) => `${variable} or ${flag}`).join(', and ');
  return `Ports ${ports} are in use, so ${whats} cannot start: choose others with ${settingsText} (e.g. \`pnpm start ${busy.map(({ flag }) => `${flag} 0`).join(' ')}\`; 0 picks a free port).`;
}

const busyBefore = await busyServers(settings.ports);
if (busyBefore.length > 0) {
  console.error(busyLine(busyBefore));
  process.exit(1);
}

// Errors only: the lint warnings of every package would bury the banner, even on a full cache hit.
if (settings.build) await build(['bundle', 'build', '--output-logs=errors-only']);

const docsDist = join(repoRoot, 'packages/docs/dist');
if (!existsSync(join(docsDist, 'index.html'))) {
  console.error(`No docs site in ${docsDist}: run \`pnpm build\` (or \`pnpm start\` without --no-build, which builds first).`);
  process.exit(1);
}

// Imported once built: a fresh clone has no packages/sandbox/dist before the build above.
const { startSandbox } = await import('@merchant-ordering/sandbox');
const { stopOnSignalsOrOrphaning } = await import('./lifecycle.mjs');
const { serveStatic } = await import('@merchant-ordering/test-kit/static-server');

const running = [];
stopOnSignalsOrOrphaning(() => Promise.all(running.map((server) => server.close())));

const launchers = [(port) => serveStatic({ root: docsDist, port, host: HOST }), (port) => startSandbox({ port, host: HOST })];
const started = await Promise.allSettled(settings.ports.map((port, index) => launchers[index](port)));
for (const result of started) if (result.status === 'fulfilled') running.push(result.value);
const failed = started.flatMap((result, index) =>
  result.status === 'rejected' ? [{ ...SERVERS[index], port: settings.ports[index], error: result.reason }] : [],
);
if (failed.length > 0) {
  // A port taken between the check above and now (another process was quicker) reads the same.
  const taken = failed.filter(({ error }) => error?.code === 'EADDRINUSE');
  console.error(
    taken.length === failed.length
      ? busyLine(taken)
      : `Could not start the ${failed[0].what}: ${failed.find(({ error }) => error?.code !== 'EADDRINUSE').error?.message}`,
  );
  await Promise.all(running.map((server) => server.close()));
  process.exit(1);
}

const [docs, sandbox] = running;
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
