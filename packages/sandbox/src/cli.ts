#!/usr/bin/env node
// `merchant-ordering-sandbox` (and `pnpm sandbox`): starts a sandbox, prints how to call it, and
// stops on Ctrl+C, SIGTERM, SIGHUP, or when the process that started it has gone.
import { parseArgs } from 'node:util';
import { basicHeader } from './auth.js';
import { exitWhenOrphaned } from './orphan-watch.js';
import { DEFAULT_CREDENTIALS, DEFAULT_PAYMENTS, DEFAULT_SEED, SandboxOptionError, startSandbox, type Sandbox } from './server.js';

const NAME = 'merchant-ordering-sandbox';
/** The CLI's port when --port is not given. 0 picks a free one. */
const DEFAULT_PORT = 4011;
const USAGE = `usage: ${NAME} [--port ${DEFAULT_PORT}] [--host 127.0.0.1] [--merchant-id ${DEFAULT_CREDENTIALS.merchantId}] [--secret-key ${DEFAULT_CREDENTIALS.secretKey}]
       [--payments ${DEFAULT_PAYMENTS}] [--seed ${DEFAULT_SEED}] [--faults 429:0.1,503:0.05,insert:0.1] [--evolve]`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: String(DEFAULT_PORT) },
        host: { type: 'string', default: '127.0.0.1' },
        'merchant-id': { type: 'string', default: DEFAULT_CREDENTIALS.merchantId },
        'secret-key': { type: 'string', default: DEFAULT_CREDENTIALS.secretKey },
        payments: { type: 'string', default: String(DEFAULT_PAYMENTS) },
        seed: { type: 'string', default: String(DEFAULT_SEED) },
        faults: { type: 'string', default: '' },
        evolve: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const integer = (text: string) => (/^[0-9]+$/.test(text) ? Number(text) : NaN);
  const port = integer(values.port);
  const payments = integer(values.payments);
  if (Number.isNaN(port)) return fail(`--port: "${values.port}" is not a port number (0 picks a free one)`, 2);
  if (Number.isNaN(payments)) return fail(`--payments: "${values.payments}" is not a whole number`, 2);

  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port,
      host: values.host,
      merchantId: values['merchant-id'],
      secretKey: values['secret-key'],
      payments,
      seed: /^[0-9]+$/.test(values.seed) ? Number(values.seed) : values.seed,
      faults: values.faults,
      evolve: values.evolve,
    });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'EADDRINUSE') return fail(`port ${port} on ${values.host} is already in use: choose another with --port <n> (--port 0 picks a free one)`, 1);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return fail(`cannot listen on ${values.host}: choose another with --host`, 1);
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
  console.log(banner(sandbox, { payments, seed: values.seed, faults: values.faults, evolve: values.evolve }));
  return -1; // keep running
}

function banner(sandbox: Sandbox, { payments, seed, faults, evolve }: { payments: number; seed: string; faults: string; evolve: boolean }) {
  const { merchantId, secretKey } = sandbox.credentials;
  const evolution = evolve ? '\n  Evolve       on: unknown fields in every answer, unknown values in more payments' : '';
  return `Merchant Online Ordering API sandbox: ${payments} payments (seed ${seed})

  Base URL     ${sandbox.url}
  Merchant ID  ${merchantId}
  Secret Key   ${secretKey}
  Faults       ${faults || 'none at random; send a Sandbox-Fault header to inject one'}${evolution}

  curl -s -H 'Authorization: ${basicHeader(sandbox.credentials)}' -H 'Accept: application/json' \\
    '${sandbox.url}/v2/payments?limit=2&statuses=APPROVED&fromCreatedDate=2024-03-01T00:00:00.000%2B11:00'

Ctrl+C stops it.`;
}

function fail(message: string, code: number) {
  console.error(`${NAME}: ${message}`);
  return code;
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error) => {
    console.error(`${NAME}: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
