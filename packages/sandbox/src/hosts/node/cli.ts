// `merchant-ordering-sandbox` (and `pnpm sandbox`): starts a sandbox, prints how to call it, then one
// line per request it answers, and stops on Ctrl+C, SIGTERM, SIGHUP, or when the process that started
// it has gone. src/cli.ts calls it with process, console and the orphan watch; tests pass fakes.
import { banner, startFailure } from './command-line-output.js';
import { answerWithoutRunning, COMMAND, readCommandLine } from './options.js';
import { formatRequestLine } from '../../engine/request-log.js';
import { startSandbox, type Sandbox } from './server.js';

/** What the command line touches of its process: process fits. */
export interface CommandLineProcess {
  argv: readonly string[];
  exitCode?: number | string | null | undefined;
  stdout: { on(event: 'error', listener: () => void): unknown };
  on(event: 'SIGINT' | 'SIGTERM' | 'SIGHUP', listener: () => void): unknown;
  exit(code: number): void;
}

/** Where it prints, a line a call: console fits. */
export interface CommandLineOutput {
  log(text: string): void;
  error(text: string): void;
}

/**
 * Runs the command line of `proc`. Resolves once it has answered (the exit code set) or the sandbox
 * listens; a signal or `watchOrphan`'s call then closes it and exits 0.
 */
export function runCommandLine(proc: CommandLineProcess, output: CommandLineOutput, watchOrphan: (onOrphaned: () => void) => unknown): Promise<void> {
  return main(proc, output, watchOrphan).then(
    (code) => {
      if (code >= 0) proc.exitCode = code;
    },
    (error) => {
      output.error(`${COMMAND}: ${(error as Error).message}`);
      proc.exitCode = 1;
    },
  );
}

async function main(proc: CommandLineProcess, output: CommandLineOutput, watchOrphan: (onOrphaned: () => void) => unknown): Promise<number> {
  const line = readCommandLine(proc.argv.slice(2));
  if (line.kind !== 'run') return answerWithoutRunning(line, output);
  const { settings } = line;

  let sandbox: Sandbox;
  try {
    // The request log goes to stdout, one line per request, below the banner.
    sandbox = await startSandbox({ ...settings, log: (entry) => output.log(formatRequestLine(entry)) });
  } catch (error) {
    const { message, code } = startFailure(error, settings);
    output.error(`${COMMAND}: ${message}`);
    return code;
  }

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => proc.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) proc.on(signal, stop);
  watchOrphan(stop);
  // Output may go to a parent that has gone (a pipe with no reader): that must not crash the server.
  proc.stdout.on('error', () => {});
  output.log(banner(sandbox, settings));
  return -1; // keep running
}
