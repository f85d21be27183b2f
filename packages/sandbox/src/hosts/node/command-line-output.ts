// What `merchant-ordering-sandbox` prints (through hosts/node/cli.ts): the banner once the
// sandbox listens, and the one line, with its exit code, when it cannot start. Pure, so that tests
// check them in process.
import { basicHeader } from '../../engine/auth.js';
import { SandboxOptionError, type Sandbox } from './server.js';

export interface BannerSettings {
  payments: number;
  seed: string | number;
  faults: string;
  evolve: boolean;
}

/** How to call the running sandbox: its base URL and credentials, the faults, and a curl that works. */
export function banner({ url, credentials }: Pick<Sandbox, 'url' | 'credentials'>, { payments, seed, faults, evolve }: BannerSettings): string {
  const { merchantId, secretKey } = credentials;
  const evolution = evolve ? '\n  Evolve       on: unknown fields in every answer, unknown values in more payments' : '';
  return `Merchant Online Ordering API sandbox: ${payments} payments (seed ${seed})

  Base URL     ${url}
  Merchant ID  ${merchantId}
  Secret Key   ${secretKey}
  Faults       ${faults || 'none at random; send a Sandbox-Fault header to inject one'}${evolution}
  Log          one line per request below: the method, the path and query as received, the status

  curl -s -H 'Authorization: ${basicHeader(credentials)}' -H 'Accept: application/json' \\
    '${url}/v2/payments?limit=2&statuses=APPROVED&fromCreatedDate=2024-03-01T00:00:00.000%2B11:00'

Ctrl+C stops it.`;
}

/**
 * Why the sandbox could not start, in one line naming what to change, and the exit code: 2 for a bad
 * option (named as its flag: `maxPayments` is `--max-payments`), 1 for anything else.
 */
export function startFailure(error: unknown, { port, host }: { port: number; host: string }): { message: string; code: 1 | 2 } {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE')
    return { message: `port ${port} on ${host} is already in use: choose another with --port <n> (--port 0 picks a free one)`, code: 1 };
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { message: `cannot listen on ${host}: choose another with --host`, code: 1 };
  if (code === 'EACCES') return { message: `port ${port} needs privileges: choose another with --port <n>`, code: 1 };
  if (error instanceof SandboxOptionError)
    return { message: `--${message.replace(/^(\w+)/, (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))}`, code: 2 };
  return { message: `could not start: ${message}`, code: 1 };
}
