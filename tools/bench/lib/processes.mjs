// Child processes of the benchmarks: servers and measured runs in processes of their own. Every child
// is stopped when the benchmark ends, also when it fails, and each child exits by itself when its
// parent's IPC channel closes (see servers/payments-server.mjs), so nothing outlives `pnpm bench`.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const running = new Set();
// SIGTERM, not SIGKILL: a child that is itself a benchmark then runs its own cleanup (Chromium, turbo).
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/**
 * Makes SIGINT, SIGTERM and SIGHUP end the process through process.exit, so 'exit' handlers (the
 * children above, pipeline.mjs's process group, Playwright's browser) run; by default they would not.
 * Only for scripts: a module imported by a test must not take over the test runner's signals.
 */
export function exitOnSignals() {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) process.once(signal, () => process.exit(code));
}

/**
 * Forks a Node script with an IPC channel and resolves with its first message. Rejects when the child
 * exits first or does not answer within `timeoutMs`.
 */
export function forkAndWait(script, args = [], { execArgv = [], timeoutMs = 60_000 } = {}) {
  // The child's output goes straight to ours: progress lines and errors show as they happen.
  const child = fork(script, args, { execArgv, stdio: 'inherit' });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const message = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} sent nothing within ${timeoutMs} ms`)), timeoutMs);
    child.once('message', (value) => {
      clearTimeout(timer);
      resolve(value);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${signal ?? code}) before answering; its error is printed above`));
    });
  });
  message.catch(() => stop(child));
  return { child, message };
}

/** Ends a child: SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export async function stop(child, graceMs = 3000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Starts servers/payments-server.mjs in its own process; `close()` stops it. */
export async function startPaymentsServer({ total = 1, latencyMs = 0 } = {}) {
  const script = new URL('../servers/payments-server.mjs', import.meta.url);
  const { child, message } = forkAndWait(script, ['--total', String(total), '--latency', String(latencyMs)]);
  const { port } = await message;
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, close: () => stop(child) };
}

/**
 * The body of an item or measured-run script: runs `main` when the file is executed (not imported),
 * hands the result to the parent over IPC (or prints it as JSON), and sets the exit code.
 */
export async function runAsScript(moduleUrl, main) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  exitOnSignals();
  // Forked by a benchmark that has gone away: stop rather than finish work nobody will read.
  if (process.send) process.once('disconnect', () => process.exit(1));
  try {
    const result = await main();
    if (process.send) await new Promise((resolve) => process.send({ result }, resolve));
    else console.log(JSON.stringify(result, null, 2));
  } catch (error) {
    console.error(error);
    if (process.send) await new Promise((resolve) => process.send({ error: String(error?.stack ?? error) }, resolve));
    process.exitCode = 1;
  }
  // Open keep-alive sockets (fetch's pool) would keep the process alive; the result is already sent.
  process.exit();
}

/** Starts servers/sandbox-server.mjs (the built sandbox, or the build at `entry`) in its own process; `close()` stops it. */
export async function startSandboxServer({ payments = 1000, entry } = {}) {
  const script = new URL('../servers/sandbox-server.mjs', import.meta.url);
  const { child, message } = forkAndWait(script, ['--payments', String(payments), ...(entry ? ['--entry', entry] : [])]);
  const { port } = await message;
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, close: () => stop(child) };
}
