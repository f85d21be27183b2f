// The command line's own thread (see main.ts): runs the command with the process's streams, told by
// the main thread whether they are terminals, and stops cleanly when the main thread passes on a signal.
import { parentPort, workerData } from 'node:worker_threads';
import { runCli } from './run.js';
import type { OutputStream } from './types.js';

export interface ThreadData {
  argv: string[];
  /** What the main thread's streams are: a worker's own process.stdout is never a terminal. */
  stdout: { isTTY: boolean; columns: number | undefined };
  stderr: { isTTY: boolean; columns: number | undefined };
}

const data = workerData as ThreadData;
const controller = new AbortController();
parentPort!.on('message', (message: { stop?: string }) => {
  if (message.stop) controller.abort(new Error(`${message.stop} received`));
});
parentPort!.unref(); // the thread ends when the command does

const stream = (target: NodeJS.WriteStream, terminal: ThreadData['stdout']): OutputStream => ({
  write: (text) => target.write(text),
  once: (event, listener) => target.once(event, listener),
  isTTY: terminal.isTTY,
  columns: terminal.columns,
});

process.exitCode = await runCli(
  data.argv,
  { stdout: stream(process.stdout, data.stdout), stderr: stream(process.stderr, data.stderr), env: process.env },
  controller.signal,
);
