// Child processes: the rows and their servers each run in a process of their own, so one's JIT state, sockets and heap do not leak into another. Every child
// is stopped when its parent ends, also on a signal, and exits by itself when its parent's IPC channel closes, so nothing outlives `pnpm bench`.
import { fork } from 'node:child_process';

const running = new Set();
// SIGTERM, not SIGKILL: a child that is itself a row then runs its own cleanup (Chromium, turbo).
process.once('exit', () => running.forEach((child) => child.kill('SIGTERM')));

/** SIGINT, SIGTERM and SIGHUP end the process through process.exit, so 'exit' handlers run. */
export function exitOnSignals() {
  for (const [signal, code] of Object.entries({ SIGINT: 130, SIGTERM: 143, SIGHUP: 129 })) process.once(signal, () => process.exit(code));
}

/** Forks a script with an IPC channel; `message` resolves with its first message, or rejects when it exits first or times out. */
export function forkAndWait(script, args = [], { execArgv = [], timeoutMs = 60_000 } = {}) {
  const child = fork(script, args, { execArgv, stdio: 'inherit' });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const message = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} sent nothing within ${timeoutMs} ms`)), timeoutMs);
    child.once('message', (value) => resolve(value, clearTimeout(timer)));
    const exited = (code, signal) => new Error(`${script} exited (${signal ?? code}) before answering; its error is printed above`);
    child.once('exit', (code, signal) => reject(exited(code, signal), clearTimeout(timer)));
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

/** Starts a server script of ../servers (its options one JSON argument) that sends { port } once it listens; `close()` stops it. */
async function startServer(name, options, timeoutMs) {
  const { child, message } = forkAndWait(new URL(`../servers/${name}.mjs`, import.meta.url), [JSON.stringify(options)], { timeoutMs });
  const { port } = await message;
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, close: () => stop(child) };
}

/** `{ total, latencyMs }`: a List Payments server of `total` payments that waits `latencyMs` before each answer. */
export const startPaymentsServer = (options) => startServer('payments-server', options);
/** `{ payments }`: the built sandbox's node:http host; generating many payments takes it a while on a busy machine. */
export const startSandboxServer = (options) => startServer('sandbox-server', options, 300_000);

/** A measured child's body: runs `main`, hands its result (or error) to the parent, and exits. */
export async function answerParent(main) {
  exitOnSignals();
  // The parent has gone away: stop rather than finish work nobody will read.
  process.once('disconnect', () => process.exit(1));
  let answer;
  try {
    answer = { result: await main() };
  } catch (error) {
    console.error(error);
    answer = { error: String(error?.stack ?? error) };
  }
  await new Promise((resolve) => process.send(answer, resolve));
  // Open keep-alive sockets (fetch's pool) would keep the process alive; the answer is sent.
  process.exit(answer.error ? 1 : 0);
}
