// `merchant-ordering-sandbox` (and `pnpm sandbox`): starts a sandbox, prints how to call it, then one
// line per request it answers, and stops on Ctrl+C, SIGTERM, SIGHUP, or when the process that started
// it has gone.
import { basicHeader } from '../../engine/auth.js';
import { answerWithoutRunning, COMMAND, readCommandLine } from './options.js';
import { exitWhenOrphaned } from './orphan-watch.js';
import { formatRequestLine } from '../../engine/request-log.js';
import { SandboxOptionError, startSandbox, type Sandbox } from './server.js';

async function main(): Promise<number> {
  const line = readCommandLine(process.argv.slice(2));
  if (line.kind !== 'run') return answerWithoutRunning(line);
  const { settings } = line;
  const { port, payments } = settings;

  let sandbox: Sandbox;
  try {
    // The request log goes to stdout, one line per request, below the banner.
    sandbox = await startSandbox({ ...settings, log: (entry) => console.log(formatRequestLine(entry)) });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'EADDRINUSE') return fail(`port ${port} on ${settings.host} is already in use: choose another with --port <n> (--port 0 picks a free one)`, 1);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return fail(`cannot listen on ${settings.host}: choose another with --host`, 1);
    if (code === 'EACCES') return fail(`port ${port} needs privileges: choose another with --port <n>`, 1);
    if (error instanceof SandboxOptionError) return fail(`--${message.replace(/^(\w+)/, (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))}`, 2);
    return fail(`could not start: ${message}`, 1);
  }

  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => process.exit(code));
  };
  for (const [signal, code] of [['SIGINT', 0], ['SIGTERM', 0], ['SIGHUP', 0]] as const) process.on(signal, () => stop(code));
  exitWhenOrphaned(() => stop(0));
  // Output may go to a parent that has gone (a pipe with no reader): that must not crash the server.
  process.stdout.on('error', () => {});
  console.log(banner(sandbox, settings));
  return -1; // keep running
}

function banner(sandbox: Sandbox, { payments, seed, faults, evolve }: { payments: number; seed: string | number; faults: string; evolve: boolean }) {
  const { merchantId, secretKey } = sandbox.credentials;
  const evolution = evolve ? '\n  Evolve       on: unknown fields in every answer, unknown values in more payments' : '';
  return `Merchant Online Ordering API sandbox: ${payments} payments (seed ${seed})

  Base URL     ${sandbox.url}
  Merchant ID  ${merchantId}
  Secret Key   ${secretKey}
  Faults       ${faults || 'none at random; send a Sandbox-Fault header to inject one'}${evolution}
  Log          one line per request below: the method, the path and query as received, the status

  curl -s -H 'Authorization: ${basicHeader(sandbox.credentials)}' -H 'Accept: application/json' \\
    '${sandbox.url}/v2/payments?limit=2&statuses=APPROVED&fromCreatedDate=2024-03-01T00:00:00.000%2B11:00'

Ctrl+C stops it.`;
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
