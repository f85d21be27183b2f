// The machine and the code a run measured, recorded beside the numbers: absolute times only mean
// something next to the cores, the CPU, the load and the Node version they were taken on.
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

export function describeMachine(repoRoot) {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    memoryBytes: os.totalmem(),
    node: process.version,
    v8: process.versions.v8,
    nodeOrigin: nodeOrigin(repoRoot),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
    // Other work on a shared machine shows here; the ratios are paired within rounds for that reason.
    loadAverageAtStart: os.loadavg().map((load) => Number(load.toFixed(2))),
    git: gitState(repoRoot),
  };
}

export function loadAverage() {
  return os.loadavg().map((load) => Number(load.toFixed(2)));
}

function gitState(cwd) {
  const git = (...args) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  try {
    return { head: git('rev-parse', '--short', 'HEAD'), uncommittedFiles: git('status', '--porcelain').split('\n').filter(Boolean).length };
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
export function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
    return ((utime + stime) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
// USER_HZ: 100 on every Linux architecture Node runs on.
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Whether this Node is the workspace's pinned one (root package.json, npm's node-<platform>-<arch>,
 * what `pnpm bench` runs on) or another that started the script directly.
 */
export function nodeOrigin(repoRoot, execPath = process.execPath) {
  const platformPackage = `node-${process.platform}-${process.arch}`;
  const pinned = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).optionalDependencies?.[platformPackage] ?? null;
  let pinnedPath = null;
  try {
    pinnedPath = realpathSync(join(repoRoot, 'node_modules/.bin/node'));
  } catch {
    // not installed on this platform
  }
  return { pinned, isPinned: pinnedPath !== null && realpathSync(execPath) === pinnedPath };
}
