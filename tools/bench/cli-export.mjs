// Item 8, CLI export: `merchant-ordering payments export --out FILE` of 100,000 sandbox payments against
// a plain script that walks `iteratePayments` and writes the same JSON Lines (cli-export-plain.mjs),
// both as processes of their own against the same node:http sandbox in another process, in payments per
// second; and the CLI process's resident memory at 10,000 and at 100,000 payments. Reported, not asserted.
//
// Each variant is timed from spawn to exit (Node's start-up included on both sides). While it runs, its
// RSS (/proc/<pid>/status) and the size of the file it is writing are sampled every 50 ms, the same
// way for both; a sample's payment count is its share of the final file. RSS moves with the garbage
// collector's phase (a sawtooth of several MB while the live heap stays flat), so each mark is the
// median of the samples just past it: 10,000 to 15,000 payments, and 95,000 to 100,000. The walk
// without output is a third, informational variant: what writing the file costs at all.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const measured = Object.fromEntries(names.map((name) => [name, { ms: [], rssAt10k: [], rssAt100k: [], peakRss: [] }]));
  try {
    for (let round = -1; round < rounds; round++) {
      for (const name of rotate(names, Math.max(0, round))) {
        const out = join(dir, `${name.replace(/\W+/g, '-')}.jsonl`);
        const run = await timed(variants[name](out), payments);
        rmSync(out, { force: true });
        if (round < 0) continue; // the warm-up round: the sandbox's sorted order and page cache, the disk
        const m = measured[name];
        m.ms.push(run.ms);
        if (run.rssAt10k !== undefined) {
          m.rssAt10k.push(run.rssAt10k);
          m.rssAt100k.push(run.rssAt100k);
          m.peakRss.push(run.peakRss);
        }
        log(`  cli export: round ${round + 1}/${rounds}, ${name}: ${Math.round((payments * 1000) / run.ms).toLocaleString('en')} payments/s${run.rssAt10k === undefined ? '' : `, RSS ${mb(run.rssAt10k)} at 10k, ${mb(run.rssAt100k)} at 100k`}`);
      }
    }
  } finally {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
  const rate = (name) => measured[name].ms.map((ms) => (payments * 1000) / ms);
  const memory = (name) => {
    const m = measured[name];
    if (!m.rssAt10k.length) return undefined;
    return { at10k: summarize(m.rssAt10k), at100k: summarize(m.rssAt100k), growth: summarize(m.rssAt100k.map((at100k, i) => at100k - m.rssAt10k[i])), peak: summarize(m.peakRss) };
  };
  return {
    title: 'CLI export',
    method: { payments, pageSize: 250, format: 'jsonl', order: 'createdAt ascending (the export\'s default)', rounds, warmupRounds: 1, sampleEveryMs: SAMPLE_EVERY_MS, rssWindows: ['10,000–15,000', '95,000–100,000'], server: 'the built sandbox (node:http) in its own process' },
    variants: Object.fromEntries(names.map((name) => [name, { ms: summarize(measured[name].ms), paymentsPerSecond: summarize(rate(name)) }])),
    ratios: {
      [`${CLI} / ${SCRIPT}`]: summarize(pairedRatios(rate(CLI), rate(SCRIPT))),
      [`${CLI} / ${WALK}`]: summarize(pairedRatios(rate(CLI), rate(WALK))),
    },
    rss: { [CLI]: memory(CLI), [SCRIPT]: memory(SCRIPT) },
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
  const sampler = setInterval(() => {
    const rss = rssOf(child.pid);
    if (rss !== undefined) samples.push({ rss, bytes: sizeOf(files) });
  }, SAMPLE_EVERY_MS);
  const [code, signal] = await once(child, 'exit');
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${args.slice(0, 3).join(' ')} exited ${signal ?? code}`);
  const count = out ? await countLines(out) : Number(stdout.trim());
  if (count !== payments) throw new Error(`${args[0]} wrote ${count} payments, not ${payments}`);
  if (!out || !samples.length) return { ms };
  const size = statSync(out).size;
  const around = (from, to) => samples.filter((sample) => sample.bytes >= size * from && sample.bytes <= size * to).map((sample) => sample.rss);
  const [at10k, at100k] = [around(0.1, 0.15), around(0.95, 1)];
  if (!at10k.length || !at100k.length) return { ms };
  return { ms, rssAt10k: median(at10k), rssAt100k: median(at100k), peakRss: Math.max(...samples.map((sample) => sample.rss)) };
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
