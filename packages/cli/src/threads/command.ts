// The command line's own thread (see main.ts; src/command-thread.ts calls it with its parentPort,
// workerData, process and runCli): runs the command with the process's streams, told by the main
// thread whether they are terminals, and stops cleanly when the main thread passes on a signal.
import type { RunIo } from '../io.js';
import type { OutputStream } from '../types.js';

export interface ThreadData {
  argv: string[];
  /** What the main thread's streams are: a worker's own process.stdout is never a terminal. */
  stdout: { isTTY: boolean; columns: number | undefined };
  stderr: { isTTY: boolean; columns: number | undefined };
}

/** What the thread touches of its port to the main thread: node:worker_threads' parentPort fits. */
export interface MainThreadPort {
  on(event: 'message', listener: (message: { stop?: string }) => void): unknown;
  unref(): void;
}

type Target = Pick<OutputStream, 'write' | 'once'>;

/** What it touches of its process: process fits. */
export interface CommandProcess {
  stdout: Target;
  stderr: Target;
  env: Record<string, string | undefined>;
  exitCode?: number | string | null | undefined;
}

export async function runCommandThread(
  port: MainThreadPort,
  data: ThreadData,
  proc: CommandProcess,
  run: (argv: readonly string[], io: RunIo, signal: AbortSignal) => Promise<number>,
): Promise<void> {
  const controller = new AbortController();
  port.on('message', (message) => {
    if (message.stop) controller.abort(new Error(`${message.stop} received`));
  });
  port.unref(); // the thread ends when the command does

  const stream = (target: Target, terminal: ThreadData['stdout']): OutputStream => ({
    write: (text) => target.write(text),
    once: (event, listener) => target.once(event, listener),
    isTTY: terminal.isTTY,
    columns: terminal.columns,
  });
  proc.exitCode = await run(
    data.argv,
    { stdout: stream(proc.stdout, data.stdout), stderr: stream(proc.stderr, data.stderr), env: proc.env },
    controller.signal,
  );
}
