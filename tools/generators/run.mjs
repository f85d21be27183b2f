#!/usr/bin/env node
// `pnpm test:generators`: clients generated from our spec in other languages (and by other TypeScript
// generators), each generated and compiled once, then run against a plain sandbox, an evolving one
// (`evolve: true`) and a recorder. Runs every target in targets/ in turn (or only the ids given as
// arguments), prints a generator × check table and what each client put on the wire, saves the run in
// .work/records/, and exits 1 on any ✗. Needs the bundle built (the root script builds it) and
// `bash tools/generators/setup.sh`.
// Against a server of your own instead of our plain sandbox: SANDBOX_URL, MERCHANT_ID and SECRET_KEY.
// Its last line, "Generator matrix: N passed, M failed", is what .ci/run adds to its totals.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// The worked Basic example the docs' samples show (the docs package publishes nothing: a workspace path).
import { WORKED_EXAMPLE } from '../../packages/docs/scripts/code-samples.mjs';
import { comparePairs, decodePairs, queryDefaults } from './query-pairs.mjs';
import { startRecorder } from './recorder.mjs';
import { runTarget, stopAllTargets } from './run-target.mjs';
import { checksOf, scoreTarget } from './score.mjs';
import { formatMatrix, formatSamples, formatWire } from './table.mjs';
import { listTargets, metaProblems } from './targets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const bundles = { 3.1: join(repoRoot, 'spec/dist/openapi.json'), '3.0': join(repoRoot, 'spec/dist/openapi.3.0.json') };
const vectors = join(repoRoot, 'spec/vectors/query-encoding.json');
const workRoot = join(here, '.work');
// The filter every harness sends (`filters`): a known and an unknown status, and a date with a `+` offset.
const FILTER = { statuses: ['APPROVED', 'ON_HOLD'], fromCreatedDate: '2024-03-01T09:00:00.000+11:00' };
// The same filter as the API document says to send it: the array by repeating the key, `+` as `%2B`.
const DOCUMENTED_FILTER_QUERY = [
  ...FILTER.statuses.map((status) => `statuses=${encodeURIComponent(status)}`),
  `fromCreatedDate=${encodeURIComponent(FILTER.fromCreatedDate)}`,
].join('&');
// Bounds one target (generate, compile, harness); a cold Maven or Go build fits well inside it.
const TARGET_TIMEOUT_MS = 10 * 60_000;
// Where the official Go tarball installs; Debian's older Go may come first on PATH otherwise.
const GO_BIN = '/usr/local/go/bin';

const only = process.argv.slice(2);
const targets = listTargets(join(here, 'targets')).filter((target) => !only.length || only.includes(target.id));
if (only.length && targets.length !== only.length) fail(`unknown target(s): ${only.filter((id) => !targets.some((t) => t.id === id)).join(', ')}`);
for (const target of targets) {
  const problems = metaProblems(target.meta, checksOf(target.meta));
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

const started = new Date();
const sandbox = await openSandbox();
servers.push(sandbox);
// The evolving sandbox: unknown fields in every answer, unknown values in more payments.
const evolving = await startOwnSandbox({ evolve: true, merchantId: sandbox.merchantId, secretKey: sandbox.secretKey });
servers.push(evolving);
// The docs' samples (docs-samples.mjs) show the API document's worked credentials: a sandbox that takes them.
const docsSandbox = await startOwnSandbox({ merchantId: WORKED_EXAMPLE.merchantId, secretKey: WORKED_EXAMPLE.secretKey });
servers.push(docsSandbox);
// What clients send goes through a recording proxy in front of each sandbox, and to the recorder.
const recorders = {
  sandbox: await startRecorder({ upstream: sandbox.url }),
  evolving: await startRecorder({ upstream: evolving.url }),
  docs: await startRecorder({ upstream: docsSandbox.url }),
  // The vectors' stand-in knows the spec's query defaults: one sent explicitly reads as left out.
  recorder: await startRecorder({ defaults: queryDefaults(JSON.parse(readFileSync(bundles['3.1'], 'utf8'))) }),
};
servers.push(...Object.values(recorders));
const totals = { sandbox: await documentedTotal(sandbox), evolving: await documentedTotal(evolving) };
console.log(
  `${targets.length} generator targets against the sandbox at ${sandbox.url}, an evolving one at ${evolving.url} and the recorder at ${recorders.recorder.url}`,
);
console.log(`filter: ${DOCUMENTED_FILTER_QUERY} matches ${totals.sandbox} payments (${totals.evolving} when evolving), sent as documented\n`);

const rows = [];
const record = { started: started.toISOString(), filter: { ...FILTER, documentedQuery: DOCUMENTED_FILTER_QUERY, totals }, targets: [] };
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
        SANDBOX_URL: recorders.sandbox.url,
        EVOLVING_SANDBOX_URL: recorders.evolving.url,
        MERCHANT_ID: sandbox.merchantId,
        SECRET_KEY: sandbox.secretKey,
        FILTER_STATUSES: FILTER.statuses.join(','),
        FILTER_FROM: FILTER.fromCreatedDate,
        FILTER_TOTAL: String(totals.sandbox),
        EVOLVING_FILTER_TOTAL: String(totals.evolving),
        RECORDER_URL: recorders.recorder.url,
        DOCS_SANDBOX_URL: recorders.docs.url,
        VECTORS: vectors,
        WORK: join(work, 'scratch'),
      },
      logFile: join(work, 'run.log'),
      timeoutMs: TARGET_TIMEOUT_MS,
      onLine: (line) => console.log(`  ${line}`),
    });
    const row = scoreTarget(target, run);
    const wire = Object.entries(recorders).flatMap(([server, recorder]) => recorder.takeLog().map((entry) => ({ server, ...entry })));
    row.filterQuery = filterQueryOf(wire);
    rows.push(row);
    record.targets.push({
      id: row.id,
      generator: row.generator,
      version: row.version,
      seconds: Math.round(row.seconds),
      cells: row.cells,
      notes: row.notes,
      filterQuery: row.filterQuery,
      wire,
    });
  }
} finally {
  stopAllTargets();
  await stopServers();
}

const recordFile = join(workRoot, 'records', `${started.toISOString().replace(/[:.]/g, '-')}.json`);
mkdirSync(dirname(recordFile), { recursive: true });
writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
console.log(`\n${formatMatrix(rows)}\n`);
console.log(`The filter as each client sent it to the plain sandbox (${DOCUMENTED_FILTER_QUERY} as documented):\n\n${formatWire(rows)}\n`);
if (rows.some((row) => row.samples)) {
  console.log(`The docs' samples, rendered by the page's renderer and run as shown (docs-samples.mjs):\n\n${formatSamples(rows)}\n`);
  for (const row of rows.filter((candidate) => candidate.samples)) {
    const passed = row.cells.samples === '✓';
    console.log(`${row.samples.language}: ${passed ? "the docs' samples compiled and returned payments" : "the docs' samples FAILED"} (${row.id})`);
  }
  console.log('');
}
for (const row of rows) {
  console.log(`${row.id}:`);
  for (const note of row.notes) console.log(`  ${note}`);
}
const seconds = (Date.now() - started.getTime()) / 1000;
console.log(`\nEvery request each client sent, per target: ${recordFile}`);
console.log(`Matrix time: ${Math.round(seconds)} s for ${rows.length} targets (${rows.map((row) => `${row.id} ${Math.round(row.seconds)} s`).join(', ')})`);
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
  return startOwnSandbox({});
}

async function startOwnSandbox(options) {
  const { startSandbox } = await import('@merchant-ordering/sandbox');
  const server = await startSandbox({ port: 0, ...options });
  return { url: server.url, ...server.credentials, close: () => server.close() };
}

/** totalResults of the harnesses' filter sent the documented way, straight to the server. */
async function documentedTotal({ url, merchantId, secretKey }) {
  const response = await fetch(`${url}/v2/payments?${DOCUMENTED_FILTER_QUERY}&limit=1`, {
    headers: { Accept: 'application/json', Authorization: `Basic ${Buffer.from(`${merchantId}:${secretKey}`).toString('base64')}` },
  });
  const body = await response.json().catch(() => undefined);
  if (response.status !== 200 || !Number.isInteger(body?.totalResults) || body.totalResults === 0) {
    fail(`the documented filter ${DOCUMENTED_FILTER_QUERY} got ${response.status} ${JSON.stringify(body)?.slice(0, 200)} from ${url}`);
  }
  return body.totalResults;
}

/** The first filter request a target sent to the plain sandbox, and whether the service reads it as documented. */
function filterQueryOf(wire) {
  const sent = wire.find(
    (entry) => entry.server === 'sandbox' && entry.path === '/v2/payments' && decodePairs(entry.rawQuery).some(([name]) => name === 'statuses'),
  );
  if (!sent) return { rawQuery: null, asDocumented: false, difference: 'no filter request reached the sandbox' };
  const filterOnly = (raw) => new URLSearchParams(decodePairs(raw).filter(([name]) => name in FILTER)).toString();
  const { same, difference } = comparePairs(filterOnly(sent.rawQuery), DOCUMENTED_FILTER_QUERY);
  return { rawQuery: sent.rawQuery, asDocumented: same, difference };
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
