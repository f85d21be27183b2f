// The machine and the code a run measured, recorded beside the numbers: absolute times only mean
// something next to the cores, the CPU, the load and the Node version they were taken on.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export function describeMachine(repoRoot) {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    memoryBytes: os.totalmem(),
    node: process.version,
    v8: process.versions.v8,
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
