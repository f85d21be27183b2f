// Process inspection for the cleanup tests (Linux /proc). A zombie counts as gone: it runs nothing and
// only waits for its new parent to reap it.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Every live (non-zombie) process as { pid, ppid, pgrp }, read from /proc/<pid>/stat. */
function liveProcesses() {
  const processes = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // Fields after the parenthesised command: state ppid pgrp ...
    const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state !== 'Z') processes.push({ pid: Number(entry), ppid: Number(ppid), pgrp: Number(pgrp) });
  }
  return processes;
}

/**
 * Pids of live (non-zombie) processes in a process group.
 * @param {number} pgid
 */
export function liveMembersOf(pgid) {
  return liveProcesses()
    .filter((proc) => proc.pgrp === pgid)
    .map((proc) => proc.pid);
}

/**
 * Polls until condition() is truthy; throws with `what` if it is not by the deadline.
 * @template T
 * @param {() => T | Promise<T>} condition
 * @param {string} what
 * @returns {Promise<T>}
 */
export async function waitFor(condition, what, deadlineMs = 20_000) {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Spawns `node ...args`, collecting its output; `exited` resolves with { code, signal }.
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {{ child: import('node:child_process').ChildProcess, output: { stdout: string, stderr: string }, exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }> }}
 */
export function spawnNode(args, options = {}) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const output = { stdout: '', stderr: '' };
  /** @type {import('node:stream').Readable} */ (child.stdout).on('data', (chunk) => {
    output.stdout += chunk;
  });
  /** @type {import('node:stream').Readable} */ (child.stderr).on('data', (chunk) => {
    output.stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output, exited };
}

/**
 * Pids of the live (non-zombie) descendants of a process, children first.
 * @param {number} pid
 */
export function liveDescendantsOf(pid) {
  const processes = liveProcesses();
  const found = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift();
    for (const child of processes.filter((proc) => proc.ppid === parent)) {
      found.push(child.pid);
      queue.push(child.pid);
    }
  }
  return found;
}

/**
 * Whether a pid is a live (non-zombie) process.
 * @param {number} pid
 */
export function isAlive(pid) {
  return liveProcesses().some((proc) => proc.pid === pid);
}
