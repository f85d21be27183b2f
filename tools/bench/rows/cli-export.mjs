// Row 8 (method: BENCHMARKS.md): the CLI's export against a plain iteratePayments script (cli-export-plain.mjs), each a process timed from spawn to exit. RSS
// and the output's size are sampled every 50 ms; a sample's payment count is its share of the final file, and since RSS saws with the GC, each mark is the
// median of the samples just past it (10,000–15,000 and 95,000–100,000).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMsOf, tryOr } from '../lib/machine.mjs';
import { blocks, formatDuration, formatRatio, range, table, verdict } from '../lib/format.mjs';
import { inRounds, mapValues, median, ratioOf, summarize, summarizeFields } from '../lib/measure.mjs';
import { startSandboxServer } from '../lib/processes.mjs';
import { outputDir, repoRoot } from '../lib/workspace.mjs';

const PAYMENTS = 100_000;
const TARGET = { ratio: 0.9, rssGrowthBytes: 10_000_000 };
const CLI_BIN = join(repoRoot, 'packages/cli/bin/merchant-ordering.js');
const PLAIN = fileURLToPath(new URL('./cli-export-plain.mjs', import.meta.url));
const [CLI, SCRIPT, WALK] = ['cli export', 'plain script', 'plain walk, no output'];
const WHAT = {
  [CLI]: '`merchant-ordering payments export --base-url URL --out FILE` (JSONL, a checkpoint once a second)',
  [SCRIPT]: '`iteratePayments({ orderBy: "createdAt", ascending: true, limit: 250 })`, each payment `JSON.stringify`d to a write stream',
  [WALK]: 'the same walk, nothing written',
};
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const signedMb = (bytes) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;

async function measure(log, { rounds = 5 } = {}) {
  const dir = join(outputDir, 'cli-export');
  mkdirSync(dir, { recursive: true });
  const server = await startSandboxServer({ payments: PAYMENTS });
  const out = join(dir, 'out.jsonl');
  const args = {
    [CLI]: [CLI_BIN, 'payments', 'export', '--base-url', server.url, '--out', out],
    [SCRIPT]: [PLAIN, '--url', server.url, '--out', out],
    [WALK]: [PLAIN, '--url', server.url, '--discard'],
  };
  try {
    const runs = await inRounds(Object.keys(args), rounds, (name) => run(args[name], name === WALK ? [] : [`${out}.partial`, out]), log);
    // One more CLI run, untimed, with --trace-gc: the heap left after each full collection (what is live).
    const liveHeap = liveHeapOfBusiestIsolate((await run(['--trace-gc', ...args[CLI]], [])).stdout);
    const variants = mapValues(runs, (list) => summarizeFields(list, ['ms', 'paymentsPerSecond', 'cpuUsPerPayment']));
    const [rates, cpu] = ['paymentsPerSecond', 'cpuUsPerPayment'].map((key) => mapValues(variants, (variant) => variant[key]));
    const rss = (list) => (list[0].at10k === undefined ? undefined : summarizeFields(list, ['at10k', 'at100k', 'growth', 'peak']));
    const ratios = { rate: ratioOf(rates, CLI, SCRIPT), rateToWalk: ratioOf(rates, CLI, WALK), cpu: ratioOf(cpu, CLI, SCRIPT) };
    const live = liveHeap.length ? { ...summarize(liveHeap), first: liveHeap[0], last: liveHeap.at(-1) } : undefined;
    return { method: { rounds }, variants, ratios, rss: { [CLI]: rss(runs[CLI]), [SCRIPT]: rss(runs[SCRIPT]) }, liveHeap: live };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One variant to its end: wall time, CPU time, and RSS around 10 % and at the end of its output (by file size). */
async function run(args, files) {
  const child = spawn(process.execPath, args, { env: { ...process.env, MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  const started = performance.now();
  const samples = [];
  let cpuMs = NaN;
  const sampler = setInterval(() => {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(tryOr(() => readFileSync(`/proc/${child.pid}/status`, 'utf8'), ''))?.[1];
    if (kb === undefined) return;
    samples.push({ rss: Number(kb) * 1024, bytes: Math.max(0, ...files.map((file) => statSync(file, { throwIfNoEntry: false })?.size ?? 0)) });
    cpuMs = cpuMsOf(child.pid);
  }, 50);
  const [code, signal] = await once(child, 'exit');
  const ms = performance.now() - started;
  clearInterval(sampler);
  process.off('exit', kill);
  if (code !== 0) throw new Error(`${args.slice(0, 4).join(' ')} exited ${signal ?? code}`);
  const written = files.length ? readFileSync(files.at(-1)).toString().split('\n').length - 1 : Number(stdout.trim().split('\n').at(-1));
  if (!args.includes('--trace-gc') && written !== PAYMENTS) throw new Error(`${args.join(' ')} wrote ${written} payments, not ${PAYMENTS}`);
  const size = files.length ? statSync(files.at(-1)).size : 0;
  const around = (from, to) => samples.filter((s) => s.bytes >= size * from && s.bytes <= size * to).map((s) => s.rss);
  const [at10k, at100k] = [around(0.1, 0.15), around(0.95, 1)];
  if (files.length) rmSync(files.at(-1), { force: true });
  const timing = { ms, paymentsPerSecond: (PAYMENTS * 1000) / ms, cpuUsPerPayment: (cpuMs * 1000) / PAYMENTS, stdout };
  if (!at10k.length || !at100k.length) return timing;
  const [low, high] = [median(at10k), median(at100k)];
  return { ...timing, at10k: low, at100k: high, growth: high - low, peak: Math.max(...samples.map((s) => s.rss)) };
}

/** The heap after each full collection (MiB in `Mark-Compact a (b) -> c (d) MB`) of the isolate that collected most: the command's thread. */
function liveHeapOfBusiestIsolate(trace) {
  const byIsolate = new Map();
  for (const [, isolate, kind, after] of trace.matchAll(/^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: (\S+) [\d.]+ \([\d.]+\) -> ([\d.]+) \(/gm)) {
    const entry = byIsolate.get(isolate) ?? { collections: 0, afterFull: [] };
    entry.collections++;
    if (kind === 'Mark-Compact') entry.afterFull.push(Number(after) * 1024 * 1024);
    byIsolate.set(isolate, entry);
  }
  return [...byIsolate.values()].sort((a, b) => b.collections - a.collections)[0]?.afterFull ?? [];
}

export function report({ method, variants, ratios, rss, liveHeap }) {
  const rate = (value) => `${Math.round(value).toLocaleString('en')}/s`;
  const rows = Object.entries(variants).map(([name, v]) => [
    name,
    WHAT[name],
    range(v.ms, formatDuration),
    range(v.paymentsPerSecond, rate),
    range(v.cpuUsPerPayment, (us) => `${us.toFixed(1)} µs`),
  ]);
  const memory = Object.entries(rss)
    .filter(([, r]) => r)
    .map(([name, r]) => [name, range(r.at10k, mb), range(r.at100k, mb), range(r.growth, signedMb), range(r.peak, mb)]);
  const cli = rss[CLI];
  const live = liveHeap
    ? ` In a run with \`--trace-gc\`, the CLI's heap after each of ${liveHeap.rounds} full collections was ${mb(liveHeap.min)}–${mb(liveHeap.max)} (${mb(liveHeap.first)} after the first, ${mb(liveHeap.last)} after the last).`
    : '';
  return blocks(
    `${PAYMENTS.toLocaleString('en')} payments from the built sandbox (node:http) in its own process, pages of 250, createdAt ascending, as JSONL. ${method.rounds} rounds after a warm-up round, the order rotated each round, every output checked to hold ${PAYMENTS.toLocaleString('en')} lines. The CLI runs its command in a worker thread whose young generation is capped (\`resourceLimits\`, packages/cli/src/threads/main.ts); the script runs on Node's defaults.${live}`,
    table(['Variant', 'What it does', 'Time: median (min–max)', 'Payments per second', 'CPU per payment'], rows),
    table(['Process', 'RSS at 10,000', 'RSS at 100,000', 'Growth', 'Peak RSS'], memory),
    `**Target:** the CLI ≥ ${TARGET.ratio}× the script's payments per second: ${range(ratios.rate, formatRatio)} (paired within rounds), ${verdict(ratios.rate.median >= TARGET.ratio)}. Against the walk that writes nothing: ${range(ratios.rateToWalk, formatRatio)}. CPU per payment, CLI / script: ${range(ratios.cpu, formatRatio)}.`,
    `**Target:** the CLI process's RSS grows ≤ ${mb(TARGET.rssGrowthBytes)} from 10,000 to 100,000 payments: ${cli ? range(cli.growth, signedMb) : 'not measured (no /proc)'}, ${verdict(cli !== undefined && cli.growth.median <= TARGET.rssGrowthBytes)}.`,
  );
}

export default { id: 'cli-export', title: '8. CLI export', timeoutMs: 900_000, measure, report };
