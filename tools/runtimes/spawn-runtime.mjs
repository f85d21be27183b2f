// Starts one script on one runtime and collects what it reported (the MATRIX-RESULT line printed by
// run-scenarios.mjs), its exit code, its output and its wall time.
import { spawn } from 'node:child_process';

export const MARKER = 'MATRIX-RESULT ';
// A runtime that hangs is stopped so the matrix (and CI) still ends; this bounds a run, it asserts nothing.
const HANG_GUARD_MS = 5 * 60_000;

// Whatever ends the matrix (a failure, a signal) takes a running runtime with it. Each runtime runs in
// a process group of its own, killed whole: deno's launcher starts the real binary as its child.
const live = new Set();
const killGroup = (child) => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
};
process.once('exit', () => {
  for (const child of live) killGroup(child);
});

/** @returns {Promise<{ code: number | null, seconds: number, report: any, output: string }>} */
export function spawnRuntime(runtime, script, { cwd, env }) {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(runtime.command, runtime.args(script), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    live.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const guard = setTimeout(() => {
      stderr += `\nstopped after ${HANG_GUARD_MS / 1000} s`;
      killGroup(child);
    }, HANG_GUARD_MS);
    let finished = false;
    const finish = (code, spawnError = '') => {
      if (finished) return;
      finished = true;
      clearTimeout(guard);
      live.delete(child);
      const line = stdout.split('\n').find((text) => text.startsWith(MARKER));
      done({
        code,
        seconds: (performance.now() - started) / 1000,
        report: line ? JSON.parse(line.slice(MARKER.length)) : undefined,
        output: `${spawnError}${stdout.replace(line ?? '', '')}${stderr}`.trim(),
      });
    };
    child.once('error', (error) => finish(null, `${error.message}\n`));
    child.once('close', (code) => finish(code));
  });
}
