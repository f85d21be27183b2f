// Runs one target's run.sh in its own process group with the matrix's environment, streams its RESULT
// lines, writes everything it prints to a log file, and stops the whole group when it runs too long or
// when the matrix itself is stopped.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

const live = new Set();

/** Kills every running target's process group (used on exit and on signals). */
export function stopAllTargets() {
  for (const child of live) killGroup(child, 'SIGKILL');
}

/** @returns {Promise<{ code: number | null, seconds: number, output: string, timedOut: boolean }>} */
export function runTarget(target, { env, logFile, timeoutMs, onLine }) {
  return new Promise((done) => {
    const started = performance.now();
    const log = createWriteStream(logFile);
    const child = spawn('bash', ['run.sh'], { cwd: target.dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    let output = '';
    let pending = '';
    let timedOut = false;
    const take = (chunk) => {
      log.write(chunk);
      output += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) if (line.startsWith('RESULT ')) onLine?.(line);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', (chunk) => log.write(chunk));
    const guard = setTimeout(() => {
      timedOut = true;
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 3000).unref();
    }, timeoutMs);
    let finished = false;
    const finish = (code, spawnError) => {
      if (finished) return;
      finished = true;
      clearTimeout(guard);
      live.delete(child);
      if (spawnError) log.write(`\n${spawnError.message}\n`);
      log.end(() => done({ code, seconds: (performance.now() - started) / 1000, output, timedOut }));
    };
    child.once('error', (error) => finish(null, error));
    child.once('close', (code) => finish(code));
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
