// Item 8, CLI export: `merchant-ordering payments export --out FILE` of 100,000 sandbox payments against
// a plain script that walks `iteratePayments` and writes the same JSON Lines (cli-export-plain.mjs),
// both as processes of their own against the same node:http sandbox in another process, in payments per
// second; and the CLI process's resident memory at 10,000 and at 100,000 payments. Reported, not asserted.
//
// Each variant is timed from spawn to exit (Node's start-up included on both sides). While it runs, its
// RSS (/proc/<pid>/status) and the size of the file it is writing are sampled every 50 ms, the same
// way for both; a sample's payment count is its share of the final file. RSS moves with the garbage
// collector's phase (a sawtooth of several MB while the live heap stays flat), so each mark is the
// median of the samples just past it: 10,000 to 15,000 payments, and 95,000 to 100,000. The CPU time
// each process used (/proc/<pid>/stat, as of its last sample) is kept too: on a shared machine it moves
// far less than the wall clock. The walk without output is informational: what writing costs at all.
// The CLI runs its command in a thread with a capped young generation; the script does not, and shows
// what V8's own sizing does to a process's RSS on the same walk.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMsOf } from './lib/machine.mjs';
import { outputDir, repoRoot } from './lib/paths.mjs';
import { forkAndWait, runAsScript, stop } from './lib/processes.mjs';
import { median, pairedRatios, rotate, summarize } from './lib/stats.mjs';

export const PAYMENTS = 100_000;
export const TARGET = { ratio: 0.9, rssGrowthBytes: 10_000_000 };
const SAMPLE_EVERY_MS = 50;
const CLI_BIN = join(repoRoot, 'packages/cli/bin/merchant-ordering.js');
const PLAIN = fileURLToPath(new URL('./cli-export-plain.mjs', import.meta.url));
/** The sandbox's default credentials (the API document's worked example); no real service sees them. */
const CREDENTIALS = { MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' };
const CLI = 'cli export';
const SCRIPT = 'plain script';
const WALK = 'plain walk, no output';

export async function measureCliExport({ rounds = 5, payments = PAYMENTS, log = console.log } = {}) {
  if (!existsSync(join(repoRoot, 'packages/cli/dist/main.js'))) throw new Error('packages/cli/dist is missing: build first');
  const dir = join(outputDir, 'cli-export');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Generating 100,000 payments takes the sandbox a while on a busy machine.
  const { child: server, message } = forkAndWait(new URL('./servers/sandbox-server.mjs', import.meta.url), ['--payments', String(payments)], { timeoutMs: 300_000 });
  const { port } = await message;
  const url = `http://127.0.0.1:${port}`;
  const variants = {
    [CLI]: (out) => ({ args: [CLI_BIN, 'payments', 'export', '--base-url', url, '--out', out], files: [`${out}.partial`, out], out }),
    [SCRIPT]: (out) => ({ args: [PLAIN, '--url', url, '--out', out], files: [out], out }),
    [WALK]: () => ({ args: [PLAIN, '--url', url, '--discard'], files: [], out: undefined }),
  };
  const names = Object.keys(variants);
  let liveHeap = [];
  const measured = Object.fromEntries(names.map((name) => [name, { ms: [], cpuMs: [], rssAt10k: [], rssAt100k: [], peakRss: [] }]));
  try {
    for (let round = -1; round < rounds; round++) {
      for (const name of rotate(names, Math.max(0, round))) {
        const out = join(dir, `${name.replace(/\W+/g, '-')}.jsonl`);
        const run = await timed(variants[name](out), payments);
        rmSync(out, { force: true });
        if (round < 0) continue; // the warm-up round: the sandbox's sorted order and page cache, the disk
        const m = measured[name];
        m.ms.push(run.ms);
        m.cpuMs.push(run.cpuMs);
        if (run.rssAt10k !== undefined) {
          m.rssAt10k.push(run.rssAt10k);
          m.rssAt100k.push(run.rssAt100k);
          m.peakRss.push(run.peakRss);
        }
        log(`  cli export: round ${round + 1}/${rounds}, ${name}: ${Math.round((payments * 1000) / run.ms).toLocaleString('en')} payments/s${run.rssAt10k === undefined ? '' : `, RSS ${mb(run.rssAt10k)} at 10k, ${mb(run.rssAt100k)} at 100k`}`);
      }
    }
    // One more CLI run, untimed, with --trace-gc: the heap left after each full collection (what is live).
    const out = join(dir, 'traced.jsonl');
    const traced = await timed({ args: ['--trace-gc', CLI_BIN, 'payments', 'export', '--base-url', url, '--out', out], files: [], out }, payments);
    liveHeap = liveHeapOfBusiestIsolate(traced.stdout);
    rmSync(out, { force: true });
  } finally {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
  const rate = (name) => measured[name].ms.map((ms) => (payments * 1000) / ms);
  const cpuPerPayment = (name) => measured[name].cpuMs.map((ms) => (ms * 1000) / payments);
  const memory = (name) => {
    const m = measured[name];
    if (!m.rssAt10k.length) return undefined;
    return { at10k: summarize(m.rssAt10k), at100k: summarize(m.rssAt100k), growth: summarize(m.rssAt100k.map((at100k, i) => at100k - m.rssAt10k[i])), peak: summarize(m.peakRss) };
  };
  return {
    title: 'CLI export',
    method: { payments, pageSize: 250, format: 'jsonl', order: 'createdAt ascending (the export\'s default)', rounds, warmupRounds: 1, sampleEveryMs: SAMPLE_EVERY_MS, rssWindows: ['10,000–15,000', '95,000–100,000'], server: 'the built sandbox (node:http) in its own process' },
    variants: Object.fromEntries(names.map((name) => [name, { ms: summarize(measured[name].ms), paymentsPerSecond: summarize(rate(name)), cpuUsPerPayment: summarize(cpuPerPayment(name)) }])),
    ratios: {
      [`${CLI} / ${SCRIPT}`]: summarize(pairedRatios(rate(CLI), rate(SCRIPT))),
      [`${CLI} / ${WALK}`]: summarize(pairedRatios(rate(CLI), rate(WALK))),
      [`${CLI} / ${SCRIPT}, CPU per payment`]: summarize(pairedRatios(cpuPerPayment(CLI), cpuPerPayment(SCRIPT))),
    },
    rss: { [CLI]: memory(CLI), [SCRIPT]: memory(SCRIPT) },
    /** The CLI's heap after each full garbage collection of one traced run, in order. */
    liveHeapAfterFullGc: liveHeap.length ? { ...summarize(liveHeap), first: liveHeap[0], last: liveHeap.at(-1) } : undefined,
    target: TARGET,
  };
}

/** Runs one variant to its end: wall time, and RSS at 10 % and at the end of its output (by file size). */
async function timed({ args, files, out }, payments) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...CREDENTIALS }, stdio: ['ignore', 'pipe', 'inherit'] });
  // Never outlive the benchmark, also when it is stopped mid-run.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  child.once('exit', () => process.off('exit', killChild));
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  const started = performance.now();
  const samples = [];
  let cpuMs = NaN;
  const sampler = setInterval(() => {
    const rss = rssOf(child.pid);
    if (rss === undefined) return;
    samples.push({ rss, bytes: sizeOf(files) });
    cpuMs = cpuMsOf(child.pid);
  }, SAMPLE_EVERY_MS);
  const [code, signal] = await once(child, 'exit');
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${args.slice(0, 4).join(' ')} exited ${signal ?? code}`);
  const count = out ? await countLines(out) : Number(stdout.trim().split('\n').at(-1));
  if (count !== payments) throw new Error(`${args.join(' ')} wrote ${count} payments, not ${payments}`);
  if (!out || !samples.length) return { ms, cpuMs, stdout };
  const size = statSync(out).size;
  const around = (from, to) => samples.filter((sample) => sample.bytes >= size * from && sample.bytes <= size * to).map((sample) => sample.rss);
  const [at10k, at100k] = [around(0.1, 0.15), around(0.95, 1)];
  if (!at10k.length || !at100k.length) return { ms, cpuMs, stdout };
  return { ms, cpuMs, stdout, rssAt10k: median(at10k), rssAt100k: median(at100k), peakRss: Math.max(...samples.map((sample) => sample.rss)) };
}

/**
 * The heap left after each full collection (`Mark-Compact a (b) -> c (d) MB`, in MiB) of the isolate
 * that collected most: the command's thread, not the main thread that only forwards its output.
 */
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

/** Resident set size in bytes, from /proc (Linux); undefined elsewhere or once the process has gone. */
function rssOf(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

function sizeOf(files) {
  for (const file of files) {
    try {
      return statSync(file).size;
    } catch {
      // not there (yet, or any more)
    }
  }
  return 0;
}

async function countLines(path) {
  let lines = 0;
  for await (const chunk of createReadStream(path)) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return lines;
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

await runAsScript(import.meta.url, () => measureCliExport());
