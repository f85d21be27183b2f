// `merchant-ordering-sandbox` (and `pnpm sandbox`): starts a sandbox, prints how to call it, then one
// line per request it answers, and stops on Ctrl+C, SIGTERM, SIGHUP, or when the process that started
// it has gone.
import { banner, startFailure } from './command-line-output.js';
import { answerWithoutRunning, COMMAND, readCommandLine } from './options.js';
import { exitWhenOrphaned } from './orphan-watch.js';
import { formatRequestLine } from '../../engine/request-log.js';
import { startSandbox, type Sandbox } from './server.js';

async function main(): Promise<number> {
  const line = readCommandLine(process.argv.slice(2));
  if (line.kind !== 'run') return answerWithoutRunning(line);
  const { settings } = line;

  let sandbox: Sandbox;
  try {
    // The request log goes to stdout, one line per request, below the banner.
    sandbox = await startSandbox({ ...settings, log: (entry) => console.log(formatRequestLine(entry)) });
  } catch (error) {
    const { message, code } = startFailure(error, settings);
    return fail(message, code);
  }

  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => process.exit(code));
  };
  for (const [signal, code] of [
    ['SIGINT', 0],
    ['SIGTERM', 0],
    ['SIGHUP', 0],
  ] as const)
    process.on(signal, () => stop(code));
  exitWhenOrphaned(() => stop(0));
  // Output may go to a parent that has gone (a pipe with no reader): that must not crash the server.
  process.stdout.on('error', () => {});
  console.log(banner(sandbox, settings));
  return -1; // keep running
}

function fail(message: string, code: number) {
  console.error(`${COMMAND}: ${message}`);
  return code;
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error) => {
    console.error(`${COMMAND}: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
