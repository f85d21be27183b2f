// The machine and the code a run measured, recorded beside the numbers: absolute times only mean
// something next to the cores, the CPU, the load and the Node version they were taken on.
import { execFileSync } from 'node:child_process';
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
