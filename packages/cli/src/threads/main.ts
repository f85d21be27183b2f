// The `merchant-ordering` process (src/main.ts calls it with process and Worker). The command runs in a
// worker thread of this process whose young generation is capped: V8 otherwise keeps doubling it while
// a long export's pages in flight survive collections, and the process's memory would grow by a hundred
// MB on Node 24 with nothing more held. A thread's resource limits are the supported way for a program
// to set its own; the process stays one process, so a kill stops all of it. This thread forwards the
// output, turns Ctrl+C and SIGTERM into a clean stop (the command saves what it has, then exits 130 or
// 143) and a second Ctrl+C into an immediate one (not one within 500 ms: the same keypress passed on by
// pnpm, see interruptions.ts), and ends quietly when the reader of stdout goes away (`| head`).
import type { WorkerOptions } from 'node:worker_threads';
import { interruptions } from '../interruptions.js';
import type { ThreadData } from './command.js';

/** Three 16 MB semi-spaces' worth: the young generation V8 starts a process with, kept. */
const YOUNG_GENERATION_MB = 48;

type Terminal = NodeJS.WritableStream & { isTTY?: boolean | undefined; columns?: number | undefined };

/** What the main thread touches of its process: process fits. */
export interface MainProcess {
  argv: readonly string[];
  stdout: Terminal;
  stderr: Terminal;
  exitCode?: number | string | null | undefined;
  on(event: 'SIGINT' | 'SIGTERM' | 'SIGHUP', listener: () => void): unknown;
  exit(code?: number): void;
}

/** What it touches of the command's thread: node:worker_threads' Worker fits. */
export interface CommandWorker {
  stdout: NodeJS.ReadableStream;
  stderr: NodeJS.ReadableStream;
  postMessage(message: { stop: NodeJS.Signals }): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
}

export function runMainThread(proc: MainProcess, Worker: new (url: URL, options: WorkerOptions) => CommandWorker): void {
  let stopCode: number | undefined;
  // EPIPE: whoever read stdout has gone; there is no one left to tell.
  proc.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') proc.stderr.write(`merchant-ordering: cannot write to stdout (${error.code ?? error.message})\n`);
    proc.exit(error.code === 'EPIPE' ? (stopCode ?? 0) : 1);
  });

  const terminal = (stream: Terminal) => ({ isTTY: stream.isTTY === true, columns: stream.columns });
  const workerData: ThreadData = { argv: proc.argv.slice(2), stdout: terminal(proc.stdout), stderr: terminal(proc.stderr) };
  const command = new Worker(new URL('../command-thread.js', import.meta.url), {
    workerData,
    stdout: true,
    stderr: true,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  command.stdout.pipe(proc.stdout);
  command.stderr.pipe(proc.stderr);

  const decide = interruptions();
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    proc.on(signal, () => {
      const decision = decide(signal);
      if (decision === 'exit') proc.exit(stopCode); // asked again: the checkpoint on disk is already consistent
      if (decision === 'stop') {
        stopCode = code;
        command.postMessage({ stop: signal });
      }
    });
  }

  command.on('error', (error) => {
    proc.stderr.write(`merchant-ordering: unexpected error: ${error.message.split('\n')[0]}\n`);
    proc.exitCode = 1;
  });
  command.on('exit', (code) => {
    // An interrupted command reports 130; SIGTERM and SIGHUP keep their own conventional codes.
    proc.exitCode ??= code === 130 && stopCode !== undefined ? stopCode : code;
  });
}
