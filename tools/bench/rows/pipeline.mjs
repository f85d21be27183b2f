// Row 6 (method: BENCHMARKS.md): `turbo run build test` on a fresh clone of HEAD, once cold, then with nothing changed, which must be a full cache hit. turbo
// runs from the clone's node_modules/.bin.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blocks, codeBlock, formatDuration, range, table, verdict } from '../lib/format.mjs';
import { inRounds, summarize } from '../lib/measure.mjs';
import { tryOr } from '../lib/machine.mjs';
import { repoRoot } from '../lib/workspace.mjs';

const TARGET_WARM_MS = 3000;
const TURBO_ARGS = ['run', 'build', 'test'];

async function measure(log, { rounds = 5 } = {}) {
  const clone = mkdtempSync(join(tmpdir(), 'merchant-bench-pipeline-'));
  const removeClone = () => rmSync(clone, { recursive: true, force: true });
  process.once('exit', removeClone); // `finally` does not run on process.exit
  try {
    execFileSync('git', ['clone', '--quiet', repoRoot, clone]);
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim();
    const install = await timed('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], clone);
    if (install.code !== 0) throw new Error(`pnpm install failed (${install.code}): ${install.tail}`);
    log('cold turbo run build test (every suite runs; this takes a while)');
    const turbo = join(clone, 'node_modules/.bin/turbo');
    const cold = await timed(turbo, TURBO_ARGS, clone);
    const warm = (await inRounds(['warm'], rounds, () => timed(turbo, TURBO_ARGS, clone), log)).warm;
    const fullCacheHits = warm.filter((run) => run.code === 0 && run.total > 0 && run.cached === run.total).length;
    const runs = warm.map(({ tail, ...run }) => run);
    return { method: { commit, rounds }, installMs: install.ms, cold, warm: { ms: summarize(warm.map((run) => run.ms)), fullCacheHits, runs } };
  } finally {
    process.off('exit', removeClone);
    removeClone();
  }
}

/** Runs a command in its own process group, timed from spawn to exit; the group is killed if the row is interrupted. */
function timed(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|PNPM_|INIT_CWD$)/i.test(key)));
    const started = performance.now();
    const child = spawn(command, args, {
      cwd,
      env: { ...env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // SIGTERM to the group lets the suites' own teardown stop their Prism and Chromium.
    const killGroup = () => tryOr(() => process.kill(-child.pid, 'SIGTERM')); // throws when the group is gone
    process.prependOnceListener('exit', killGroup); // before the clone is removed
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      process.off('exit', killGroup);
      resolve({ ms: performance.now() - started, code, ...turboSummary(output), tail: output.split('\n').slice(-15).join('\n') });
    });
  });
}

/** turbo's closing lines: "Tasks: 10 successful, 10 total", "Cached: 10 cached, 10 total", "Time: 22ms >>> FULL TURBO". */
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

function report({ method, installMs, cold, warm }) {
  const met = warm.ms.median <= TARGET_WARM_MS && warm.fullCacheHits === warm.runs.length;
  const hits = `${warm.fullCacheHits} of ${warm.runs.length} full cache hits; turbo's own times ${warm.runs.map((run) => run.turboTime).join(', ')}`;
  const rows = [
    ['`pnpm install --frozen-lockfile --prefer-offline` (warm store)', formatDuration(installMs), ''],
    [
      'cold (1 run)',
      formatDuration(cold.ms),
      `exit ${cold.code}; ${cold.successful ?? '?'} of ${cold.total ?? '?'} tasks succeeded, ${cold.cached ?? '?'} cached`,
    ],
    [`warm (${warm.runs.length} runs)`, range(warm.ms, formatDuration), hits],
  ];
  return blocks(
    `\`git clone\` of ${method.commit} (HEAD; uncommitted work is not in a clone), then \`turbo ${TURBO_ARGS.join(' ')}\` once cold, then ${method.rounds} times with nothing changed after one warm-up run. Wall time from spawn to exit.`,
    table(['Run', 'Wall time: median (min–max)', 'Detail'], rows),
    `**Target:** warm ≤ ${formatDuration(TARGET_WARM_MS)}, a full cache hit: ${range(warm.ms, formatDuration)} (1/${Math.round(cold.ms / warm.ms.median)} of the cold run), ${verdict(met)}.`,
    cold.code !== 0 && `The cold run failed; its last lines:\n\n${codeBlock(cold.tail)}`,
  );
}

export default { id: 'pipeline', title: '6. Pipeline', timeoutMs: 1_200_000, measure, report };
