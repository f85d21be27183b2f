// Starts one script on one runtime and collects what it reported (the MATRIX-RESULT line printed by
// run-scenarios.mjs), its exit code, its output and its wall time.
import { spawn } from 'node:child_process';

export const MARKER = 'MATRIX-RESULT ';
// A runtime that hangs is stopped so the matrix (and CI) still ends; this bounds a run, it asserts nothing.
const HANG_GUARD_MS = 5 * 60_000;

// Whatever ends the matrix (a failure, a signal) takes a running runtime with it.
const live = new Set();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** @returns {Promise<{ code: number | null, seconds: number, report: any, output: string }>} */
export function spawnRuntime(runtime, script, { cwd, env }) {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(runtime.command, runtime.args(script), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const guard = setTimeout(() => {
      stderr += `\nstopped after ${HANG_GUARD_MS / 1000} s`;
      child.kill('SIGKILL');
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
