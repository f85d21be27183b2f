// The machine and the code a run measured, printed under each row: absolute times only mean something next to the cores, the load and the Node they were
// taken on.
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

/** `read()`, or `fallback` when it throws: no git checkout, no /proc, a process already gone. */
export function tryOr(read, fallback) {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export const loadAverage = () => os.loadavg().map((load) => Number(load.toFixed(2)));

export function describeMachine(repoRoot) {
  const cpus = os.cpus();
  const git = (...args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    memoryBytes: os.totalmem(),
    node: process.version,
    nodeOrigin: nodeOrigin(repoRoot),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
    loadAverageAtStart: loadAverage(),
    git: tryOr(() => ({ head: git('rev-parse', '--short', 'HEAD'), uncommittedFiles: git('status', '--porcelain').split('\n').filter(Boolean).length }), null),
  };
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
export function cpuMsOf(pid) {
  const stat = tryOr(() => readFileSync(`/proc/${pid}/stat`, 'utf8'), '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on every Linux architecture Node runs on
}

/** Whether this Node is the workspace's pinned one (npm's node-<platform>-<arch>, what `pnpm bench` runs on). */
export function nodeOrigin(repoRoot, execPath = process.execPath) {
  const pinned = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).optionalDependencies?.[`node-${process.platform}-${process.arch}`] ?? null;
  const pinnedPath = tryOr(() => realpathSync(join(repoRoot, 'node_modules/.bin/node')), null); // null: not installed on this platform
  return { pinned, isPinned: pinnedPath !== null && realpathSync(execPath) === pinnedPath };
}

/** The line under a row in BENCHMARKS.md: what it was measured on, and what it cost. */
export function machineLine(machine, { ms, loadAverageAtEnd }) {
  const pinned = machine.nodeOrigin?.isPinned ? " (the workspace's pinned Node)" : `, not the workspace's pinned ${machine.nodeOrigin?.pinned ?? 'Node'}`;
  const code = machine.git ? `HEAD ${machine.git.head} (${machine.git.uncommittedFiles} uncommitted files)` : 'a tree outside git';
  return `_Measured ${machine.date.slice(0, 16).replace('T', ' ')} UTC at ${code}; Node ${machine.node}${pinned}; ${machine.cores} cores (${machine.cpuModel}), ${(machine.memoryBytes / 1024 ** 3).toFixed(1)} GiB, ${machine.os}; load average ${machine.loadAverageAtStart.join(', ')} at start, ${loadAverageAtEnd.join(', ')} at end; this row took ${Math.round(ms / 1000)} s._`;
}
