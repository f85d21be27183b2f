#!/usr/bin/env node
// `pnpm bench`: the workspace built first (`turbo run bundle build`, here, after the flags are read),
// then a frozen copy of the built client and docs, every item in a process of its own (so one item's
// JIT state, sockets and heap do not leak into the next), results/latest.json, BENCHMARKS.md
// regenerated, and a summary table with the ratios.
//
//   node tools/bench/run.mjs                  build, then everything (`pnpm bench`)
//   node tools/bench/run.mjs --only wire,size some items, into tools/bench-output/partial.json; BENCHMARKS.md untouched
//   node tools/bench/run.mjs --report         BENCHMARKS.md again from results/latest.json, nothing measured
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCommandLine, UsageError } from '../command-line.mjs';
import { snapshotClient } from './lib/client-snapshot.mjs';
import { describeMachine, loadAverage } from './lib/machine.mjs';
import { benchDir, docsDist, liveClientDir, outputDir, repoRoot, resultsDir } from './lib/paths.mjs';
import { exitOnSignals, forkAndWait } from './lib/processes.mjs';
import { LATEST, writeBenchmarksPage } from './lib/page.mjs';
import { summaryText } from './lib/report.mjs';

const ITEMS = [
  { id: 'wire', file: 'wire-overhead.mjs', label: 'wire overhead (local keep-alive server)', timeoutMs: 180_000 },
  { id: 'preparation', file: 'request-preparation.mjs', label: 'request preparation (stubbed fetch)', timeoutMs: 180_000 },
  { id: 'pagination', file: 'pagination.mjs', label: 'pagination (20 ms latency, 1,000 and 10,000 payments)', timeoutMs: 300_000 },
  { id: 'size', file: 'bundle-size.mjs', label: 'size (esbuild, min+gz)', timeoutMs: 120_000 },
  { id: 'docs', file: 'docs-site.mjs', label: "docs weight and render against today's page (Chromium)", timeoutMs: 900_000 },
  { id: 'pipeline', file: 'pipeline.mjs', label: 'pipeline (clone, cold and warm turbo run build test)', timeoutMs: 480_000 },
  { id: 'sandbox', file: 'sandbox-throughput.mjs', label: 'sandbox throughput (autocannon, limit 20 and 250, beside main before the engine)', timeoutMs: 300_000 },
  { id: 'inProcess', file: 'sandbox-in-process.mjs', label: 'the sandbox in process (client calls/s, sandbox.fetch against node:http)', timeoutMs: 180_000 },
  { id: 'cli', file: 'cli-export.mjs', label: 'CLI export (100,000 sandbox payments, against an iteratePayments script)', timeoutMs: 900_000 },
];

const { values } = readCommandLine({
  command: 'pnpm bench',
  usage: `usage: pnpm bench [--only <item,...>] [--report] [--skip-build]

Builds the workspace, then measures each item in a process of its own, writes
tools/bench/results/latest.json and BENCHMARKS.md, and prints the ratios (method: BENCHMARKS.md).

  --only <items>  some items, into tools/bench-output/partial.json (BENCHMARKS.md untouched):
                  ${ITEMS.map(({ id }) => id).join(', ')}
  --report        BENCHMARKS.md again from results/latest.json; nothing measured
  --skip-build    measure what is already built
  --version       the version of the API description
  -h, --help      this text`,
  options: { only: { type: 'string' }, report: { type: 'boolean', default: false }, 'skip-build': { type: 'boolean', default: false } },
  check: (parsed) => {
    const unknown = (parsed.values.only ?? '').split(',').map((id) => id.trim()).filter((id) => id && !ITEMS.some((item) => item.id === id));
    if (unknown.length) throw new UsageError(`--only: unknown item(s) ${unknown.join(', ')}; known: ${ITEMS.map(({ id }) => id).join(', ')}`);
    return parsed;
  },
});
exitOnSignals();

if (values.report) {
  writeBenchmarksPage();
  console.log(`BENCHMARKS.md regenerated from ${LATEST}`);
  process.exit(0);
}

const selected = values.only ? values.only.split(',').map((id) => id.trim()) : ITEMS.map(({ id }) => id);
const items = ITEMS.filter(({ id }) => selected.includes(id));

const started = performance.now();
const machine = describeMachine(repoRoot);
console.log(`bench: ${machine.cores} cores, ${machine.cpuModel}, Node ${machine.node}, load ${machine.loadAverageAtStart.join(' ')}`);

const build = values['skip-build'] ? { command: 'turbo run bundle build', ms: null, by: 'an earlier build (--skip-build)' } : buildWorkspace();
mkdirSync(outputDir, { recursive: true });
// Frozen copies: a rebuild elsewhere in the workspace during the run cannot change what is measured.
const distHash = snapshotClient(liveClientDir, join(outputDir, 'client'));
rmSync(join(outputDir, 'docs'), { recursive: true, force: true });
cpSync(docsDist, join(outputDir, 'docs'), { recursive: true });
process.env.BENCH_CLIENT_DIR = join(outputDir, 'client');
process.env.BENCH_DOCS_DIST = join(outputDir, 'docs');

const results = { schema: 1, machine, build, client: { distHash }, items: {} };
let failures = 0;
for (const [index, item] of items.entries()) {
  const tag = `[${index + 1}/${items.length}]`;
  console.log(`${tag} ${item.label}`);
  const itemStarted = performance.now();
  try {
    const { message } = forkAndWait(join(benchDir, item.file), [], { timeoutMs: item.timeoutMs });
    const { result, error } = await message;
    if (error) throw new Error(error);
    results.items[item.id] = result;
    console.log(`${tag} done in ${((performance.now() - itemStarted) / 1000).toFixed(1)} s`);
  } catch (error) {
    failures++;
    results.items[item.id] = { error: String(error?.message ?? error) };
    console.log(`${tag} FAILED after ${((performance.now() - itemStarted) / 1000).toFixed(1)} s: ${String(error?.message ?? error).split('\n')[0]}`);
  }
}
results.runnerMs = performance.now() - started;
results.loadAverageAtEnd = loadAverage();

mkdirSync(resultsDir, { recursive: true });
const out = values.only ? join(outputDir, 'partial.json') : LATEST; // a partial run is scratch, not a result to commit
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
if (!values.only) writeBenchmarksPage(results);

console.log(`\n${summaryText(results)}\n`);
console.log(`bench: ${(results.runnerMs / 1000).toFixed(0)} s; results in ${out}${values.only ? '' : ', BENCHMARKS.md regenerated'}`);
process.exitCode = failures ? 1 : 0;

function buildWorkspace() {
  console.log('bench: building (turbo run bundle build)');
  const buildStarted = performance.now();
  const run = spawnSync('pnpm', ['exec', 'turbo', 'run', 'bundle', 'build', '--output-logs=errors-only'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
  if (run.status !== 0) {
    console.error('bench: the build failed; nothing was measured');
    process.exit(1);
  }
  return { command: 'turbo run bundle build', ms: performance.now() - buildStarted, by: 'the runner' };
}
