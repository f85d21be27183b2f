#!/usr/bin/env node
// `pnpm test:generators`: clients generated from our spec in other languages (and by other TypeScript
// generators), each compiled and run against one sandbox and one recorder. Runs every target in
// targets/ in turn (or only the ids given as arguments), prints a generator × check table and exits 1
// on any ✗. Needs the bundle built (the root script builds it) and `bash tools/generators/setup.sh`.
// Against a server of your own instead of our sandbox: SANDBOX_URL, MERCHANT_ID and SECRET_KEY.
// Its last line, "Generator matrix: N passed, M failed", is what .ci/run adds to its totals.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRecorder } from './recorder.mjs';
import { runTarget, stopAllTargets } from './run-target.mjs';
import { CHECKS, scoreTarget } from './score.mjs';
import { formatMatrix } from './table.mjs';
import { listTargets, metaProblems } from './targets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const bundles = { '3.1': join(repoRoot, 'spec/dist/openapi.json'), '3.0': join(repoRoot, 'spec/dist/openapi.3.0.json') };
const vectors = join(repoRoot, 'spec/vectors/query-encoding.json');
const workRoot = join(here, '.work');
// Bounds one target (generate, compile, harness); a cold Maven or Go build fits well inside it.
const TARGET_TIMEOUT_MS = 10 * 60_000;
// Where the official Go tarball installs; Debian's older Go may come first on PATH otherwise.
const GO_BIN = '/usr/local/go/bin';

const only = process.argv.slice(2);
const targets = listTargets(join(here, 'targets')).filter((target) => !only.length || only.includes(target.id));
if (only.length && targets.length !== only.length) fail(`unknown target(s): ${only.filter((id) => !targets.some((t) => t.id === id)).join(', ')}`);
for (const target of targets) {
  const problems = metaProblems(target.meta, CHECKS);
  if (problems.length) fail(`targets/${target.id}/meta.json: ${problems.join('; ')}`);
}
for (const spec of new Set(targets.map((target) => target.meta.spec))) {
  if (!existsSync(bundles[spec])) fail(`${bundles[spec]} is missing: build the bundle first (pnpm test:generators does)`);
}

const servers = [];
const stopServers = () => Promise.all(servers.splice(0).map((server) => server.close()));
stopOnSignalsAndOrphaning(async () => {
  stopAllTargets();
  await stopServers();
});

const sandbox = await openSandbox();
servers.push(sandbox);
const recorder = await startRecorder();
servers.push(recorder);
console.log(`${targets.length} generator targets against the sandbox at ${sandbox.url} and the recorder at ${recorder.url}\n`);

const rows = [];
try {
  for (const target of targets) {
    const work = join(workRoot, target.id);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(join(work, 'scratch'), { recursive: true });
    console.log(`${target.id} (${target.meta.generator} ${target.meta.version}, OpenAPI ${target.meta.spec}); log: ${join(work, 'run.log')}`);
    const run = await runTarget(target, {
      env: {
        ...process.env,
        PATH: existsSync(GO_BIN) ? `${GO_BIN}${delimiter}${process.env.PATH}` : process.env.PATH,
        SPEC: bundles[target.meta.spec],
        SANDBOX_URL: sandbox.url,
        MERCHANT_ID: sandbox.merchantId,
        SECRET_KEY: sandbox.secretKey,
        RECORDER_URL: recorder.url,
        VECTORS: vectors,
        WORK: join(work, 'scratch'),
      },
      logFile: join(work, 'run.log'),
      timeoutMs: TARGET_TIMEOUT_MS,
      onLine: (line) => console.log(`  ${line}`),
    });
    rows.push(scoreTarget(target, run));
  }
} finally {
  stopAllTargets();
  await stopServers();
}

console.log(`\n${formatMatrix(rows)}\n`);
for (const row of rows) {
  console.log(`${row.id}:`);
  for (const note of row.notes) console.log(`  ${note}`);
}
const passed = rows.reduce((sum, row) => sum + row.passed, 0);
const failed = rows.reduce((sum, row) => sum + row.failed, 0);
console.log(`\nGenerator matrix: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || rows.length === 0 ? 1 : 0;

/** Our sandbox on a free port, or the server named by SANDBOX_URL with MERCHANT_ID/SECRET_KEY. */
async function openSandbox() {
  if (process.env.SANDBOX_URL) {
    const { SANDBOX_URL: url, MERCHANT_ID: merchantId, SECRET_KEY: secretKey } = process.env;
    if (!merchantId || !secretKey) fail('SANDBOX_URL needs MERCHANT_ID and SECRET_KEY in the environment');
    return { url, merchantId, secretKey, close: async () => {} };
  }
  const { startSandbox } = await import('@merchant-ordering/sandbox');
  const server = await startSandbox({ port: 0 });
  return { url: server.url, ...server.credentials, close: () => server.close() };
}

function stopOnSignalsAndOrphaning(cleanup) {
  const stop = async (code) => {
    await cleanup();
    process.exit(code);
  };
  process.once('SIGINT', () => stop(130));
  process.once('SIGTERM', () => stop(143));
  process.once('SIGHUP', () => stop(129));
  process.once('exit', stopAllTargets);
  // pnpm 10 exits on SIGTERM without passing it on: notice that we were orphaned.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop(143);
  }, 500).unref();
}

function fail(message) {
  console.error(`test:generators: ${message}`);
  process.exit(1);
}
