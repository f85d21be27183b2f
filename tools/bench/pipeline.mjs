// Item 6, pipeline: `turbo run build test` on a fresh clone of HEAD (uncommitted work is not in a
// clone), after `pnpm install --frozen-lockfile --prefer-offline` from the warm package store. First
// cold (empty turbo cache: everything builds and every test suite runs), then again with nothing
// changed, which must be a full cache hit. Cold runs once: it runs every suite (Prism, Chromium)
// and takes minutes. turbo is started from the clone's node_modules/.bin (no pnpm wrapper in the time).
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outputDir, repoRoot } from './lib/paths.mjs';
import { runAsScript } from './lib/processes.mjs';
import { summarize } from './lib/stats.mjs';

export const TARGET_WARM_MS = 3000;
const TURBO_ARGS = ['run', 'build', 'test'];

export async function measurePipeline({ rounds = 5, log = console.log } = {}) {
  const clone = mkdtempSync(join(tmpdir(), 'merchant-bench-pipeline-'));
  // Also when the run is interrupted: `finally` does not run on process.exit, 'exit' handlers do.
  const removeClone = () => rmSync(clone, { recursive: true, force: true });
  process.once('exit', removeClone);
  mkdirSync(outputDir, { recursive: true });
  try {
    execFileSync('git', ['clone', '--quiet', repoRoot, clone]);
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim();
    log(`  pipeline: cloned HEAD ${commit}; installing from the store`);
    const install = await timed('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], clone, 'pipeline-install.log');
    if (install.code !== 0) throw new Error(`pnpm install failed (${install.code}): ${install.tail}`);

    log('  pipeline: cold turbo run build test (every suite runs; this takes a while)');
    const turbo = join(clone, 'node_modules/.bin/turbo');
    const cold = await timed(turbo, TURBO_ARGS, clone, 'pipeline-cold.log');
    log(`  pipeline: cold ${(cold.ms / 1000).toFixed(1)} s, ${cold.summary.cached ?? '?'}/${cold.summary.total ?? '?'} cached, exit ${cold.code}`);
    const warm = [];
    for (let round = -1; round < rounds; round++) {
      const run = await timed(turbo, TURBO_ARGS, clone, 'pipeline-warm.log');
      if (round >= 0) warm.push(run);
    }
    log(`  pipeline: ${rounds} warm runs done`);
    const fullHits = warm.filter((run) => run.code === 0 && run.summary.total > 0 && run.summary.cached === run.summary.total).length;
    return {
      title: 'Pipeline',
      method: { command: `turbo ${TURBO_ARGS.join(' ')}`, commit, coldRuns: 1, warmRounds: rounds, install: 'pnpm install --frozen-lockfile --prefer-offline' },
      installMs: install.ms,
      cold: { ms: cold.ms, exitCode: cold.code, ...cold.summary, ...(cold.code !== 0 && { tail: cold.tail }) },
      warm: { ms: summarize(warm.map((run) => run.ms)), fullCacheHits: fullHits, runs: warm.map(({ ms, code, summary }) => ({ ms, exitCode: code, ...summary })) },
      ratios: { 'warm / cold': summarize(warm.map((run) => run.ms / cold.ms)) },
      target: { ms: TARGET_WARM_MS, of: 'warm run, median' },
    };
  } finally {
    process.off('exit', removeClone);
    removeClone();
  }
}

/**
 * Runs a command in its own process group, timing it from spawn to exit, with its output in
 * bench-output/<log>. The group is killed if the benchmark is interrupted, so no task outlives it.
 */
function timed(command, args, cwd, log) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env: cleanEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const killGroup = () => stopEverything(child.pid, cwd);
    process.prependOnceListener('exit', killGroup); // before the clone is removed
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - started;
      process.off('exit', killGroup);
      writeFileSync(join(outputDir, log), output);
      resolve({ ms, code, summary: turboSummary(output), tail: output.split('\n').slice(-15).join('\n') });
    });
  });
}

/**
 * Stops an interrupted run (from an 'exit' handler, so synchronously): SIGTERM to turbo's process
 * group first, so the test suites' own teardown stops their Prism and Chromium; SIGKILL to what is
 * left after 2 s; then any process still started from inside the clone (a detached Prism has a
 * process group of its own).
 */
function stopEverything(pgid, clone) {
  const signalGroup = (signal) => {
    try {
      process.kill(-pgid, signal);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  if (!signalGroup('SIGTERM')) return;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; waited < 2000 && signalGroup(0); waited += 100) Atomics.wait(pause, 0, 0, 100);
  signalGroup('SIGKILL');
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(clone)) process.kill(Number(pid), 'SIGKILL');
    } catch {} // exited meanwhile, or not ours to read
  }
}

/** turbo's closing lines: "Tasks: 10 successful, 10 total" and "Cached: 10 cached, 10 total". */
export function turboSummary(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const tasks = plain.match(/Tasks:\s+(\d+) successful, (\d+) total/);
  const cached = plain.match(/Cached:\s+(\d+) cached, (\d+) total/);
  const time = plain.match(/Time:\s+(\S+)/);
  return {
    ...(tasks && { successful: Number(tasks[1]), total: Number(tasks[2]) }),
    ...(cached && { cached: Number(cached[1]) }),
    ...(time && { turboTime: time[1] }),
    fullTurbo: plain.includes('FULL TURBO'),
  };
}

/**
 * The environment of a shell in the clone: without the variables `pnpm bench` itself set (npm_*,
 * PNPM_*, INIT_CWD) or the runner's, and with telemetry off as the root scripts do.
 */
function cleanEnv() {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|PNPM_|INIT_CWD$|BENCH_)/i.test(key)));
  return { ...env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
}

await runAsScript(import.meta.url, () => measurePipeline());
