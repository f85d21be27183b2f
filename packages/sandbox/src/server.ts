// The sandbox's HTTP server (plain node:http): routing, method and header rules, auth, faults, and
// the three operations. Checks run in the service's order: path (404), method (405), credentials
// (401), then the faults asked for (400 for an unknown one), Accept (406) and the query (500, 422).
// The rules read a SandboxRequest (request.ts), not node:http's objects; node-request.ts builds it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireAcceptable } from './accept.js';
import { requireCredentials, type Credentials } from './auth.js';
import { configuration } from './configuration.js';
import { answerInOrder } from './connection-queue.js';
import { generatePayments, newPayment, type Payment } from './dataset.js';
import { errorBody, SandboxHttpError } from './errors.js';
import { withUnknownFields, withUnknownValues } from './evolve.js';
import { FAULT_HEADER, faultResponse, faultsFromHeader, parseFaultRates, rollFaults } from './faults.js';
import { listPayments } from './list-payments.js';
import { parseListQuery } from './list-query.js';
import { readNodeRequest } from './node-request.js';
import { DEFAULT_CREDENTIALS, DEFAULT_CURRENCY, DEFAULT_HOST, DEFAULT_PAYMENTS, DEFAULT_SEED } from './options.js';
import { seededRandom } from './random.js';
import type { SandboxRequest } from './request.js';
import { PaymentStore } from './store.js';

export { DEFAULT_CREDENTIALS, DEFAULT_CURRENCY, DEFAULT_PAYMENTS, DEFAULT_SEED };

export interface SandboxOptions {
  /** 0 (the default here) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  merchantId?: string;
  secretKey?: string;
  /** The dataset size. Default 1,000. */
  payments?: number;
  /** The same seed gives the same payments and the same random faults. Default 1. */
  seed?: string | number;
  /** Random faults, e.g. `429:0.1,503:0.05,insert:0.1`. Default none. */
  faults?: string;
  /** The merchant's one currency. Default AUD. */
  currency?: string;
  /** Evolution mode (evolve.ts): unknown fields in every answer, unknown values in more payments. Default false. */
  evolve?: boolean;
}

export interface Sandbox {
  /** `http://<host>:<port>`, no trailing slash. */
  url: string;
  port: number;
  credentials: Readonly<Credentials>;
  /** A copy of the payments as they are now (the dataset plus any inserted). */
  payments(): Payment[];
  /** Stops listening, ends every connection (stalled ones too) and pending timer. */
  close(): Promise<void>;
}

type Operation = 'ping' | 'configuration' | 'payments';
interface Answer {
  status: number;
  type: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}
const ROUTES: Record<string, Operation> = { '/ping': 'ping', '/v2/configuration': 'configuration', '/v2/payments': 'payments' };
const ALLOW = 'GET, HEAD, OPTIONS';
const SLOW_BODY_CHUNKS = 10;
const SLOW_BODY_GAP_MS = 100;

/** Starts a sandbox; resolves once it listens. Rejects with the listen error (code EADDRINUSE for a busy port). */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const settings = checkedOptions(options);
  const credentials = Object.freeze({ merchantId: settings.merchantId, secretKey: settings.secretKey });
  const dataset = generatePayments({ count: settings.payments, seed: settings.seed, currency: settings.currency });
  const store = new PaymentStore(settings.evolve ? withUnknownValues(dataset, settings.seed) : dataset);
  const faultRates = parseFaultRates(settings.faults);
  const faultRandom = seededRandom(`${settings.seed}:faults`);
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let answer: Answer;
    let slow = false;
    try {
      const request = readNodeRequest(req);
      const operation = admit(request);
      if (operation === 'options') {
        answer = { status: 204, type: 'text/plain', body: '', headers: { Allow: ALLOW } };
      } else {
        // Faults only for a request that got this far: authenticated, or Ping.
        const faults = [...faultsFromHeader(request.header(FAULT_HEADER)), ...rollFaults(faultRates, faultRandom)];
        if (faults.some((fault) => fault.kind === 'insert')) store.insert(newPayment(faultRandom, store.all(), settings.currency));
        for (const fault of faults) {
          if (fault.kind === 'reset') return req.socket.destroy();
          if (fault.kind === 'stall') return; // accepted, never answered; close() ends it
          if (fault.kind === 'delay') await later(fault.ms);
          const refusal = faultResponse(fault);
          if (refusal) throw refusal;
        }
        slow = faults.some((fault) => fault.kind === 'slow-body');
        answer = serve(operation, request);
      }
    } catch (error) {
      const known = error instanceof SandboxHttpError ? error : new SandboxHttpError(500, 'error', 'An unexpected error occurred.');
      answer = { status: known.status, type: 'application/json', body: JSON.stringify(errorBody(known)), headers: known.headers };
    }
    await send(res, answer, slow);
  }

  /** The checks every request meets first, in the service's order: path (404), method (405), credentials (401). */
  function admit(request: SandboxRequest): Operation | 'options' {
    const { pathname } = request.url;
    const operation = ROUTES[pathname];
    if (!operation) throw new SandboxHttpError(404, 'not_found', `No operation at ${pathname}. The sandbox serves GET /ping, /v2/configuration and /v2/payments.`);
    if (request.method === 'OPTIONS') return 'options';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new SandboxHttpError(405, 'method_not_allowed', `Request method '${request.method}' not supported.`, { Allow: ALLOW });
    }
    if (operation !== 'ping') requireCredentials(request.header('authorization'), credentials);
    return operation;
  }

  /** The operation's answer, after the representation (406) and the query (500, then 422). */
  function serve(operation: Operation, request: SandboxRequest): Answer {
    if (operation === 'ping') {
      requireAcceptable(request.header('accept'), 'text/plain');
      return { status: 200, type: 'text/plain', body: 'pong' };
    }
    requireAcceptable(request.header('accept'), 'application/json');
    const { searchParams } = request.url;
    if (operation === 'configuration') {
      return { status: 200, type: 'application/json', body: JSON.stringify(configuration(searchParams, settings.currency)), headers: { 'Cache-Control': 'max-age=86400' } };
    }
    return { status: 200, type: 'application/json', body: listPayments(store, parseListQuery(searchParams)) };
  }

  async function send(res: ServerResponse, { status, type, body, headers }: Answer, slow: boolean) {
    if (settings.evolve && type === 'application/json') body = JSON.stringify(withUnknownFields(JSON.parse(body.toString())));
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    res.writeHead(status, { 'Content-Type': type, ...headers, 'Content-Length': String(bytes.length) });
    if (!slow || bytes.length === 0) return void res.end(bytes);
    // slow-body: the headers at once, then the body in pieces over about a second.
    const size = Math.ceil(bytes.length / SLOW_BODY_CHUNKS);
    for (let start = 0; start < bytes.length; start += size) {
      if (res.destroyed) return;
      res.write(bytes.subarray(start, start + size));
      await later(SLOW_BODY_GAP_MS);
    }
    res.end();
  }

  const inOrder = answerInOrder((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  const server = createServer(inOrder.listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    credentials,
    payments: () => structuredClone(store.all() as Payment[]),
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Thrown by startSandbox for an option it cannot use; the message names the option and the rule. */
export class SandboxOptionError extends Error {
  override name = 'SandboxOptionError';
}

function checkedOptions(options: SandboxOptions) {
  const settings = {
    port: options.port ?? 0,
    host: options.host ?? DEFAULT_HOST,
    merchantId: options.merchantId ?? DEFAULT_CREDENTIALS.merchantId,
    secretKey: options.secretKey ?? DEFAULT_CREDENTIALS.secretKey,
    payments: options.payments ?? DEFAULT_PAYMENTS,
    seed: options.seed ?? DEFAULT_SEED,
    faults: options.faults ?? '',
    currency: options.currency ?? DEFAULT_CURRENCY,
    evolve: options.evolve ?? false,
  };
  const fail = (name: string, rule: string) => {
    throw new SandboxOptionError(`${name}: ${rule}`);
  };
  if (!Number.isInteger(settings.port) || settings.port < 0 || settings.port > 65535) fail('port', 'must be an integer from 0 to 65535 (0 picks a free port)');
  if (!Number.isInteger(settings.payments) || settings.payments < 0 || settings.payments > 1_000_000) fail('payments', 'must be an integer from 0 to 1000000');
  if (typeof settings.merchantId !== 'string' || !settings.merchantId || settings.merchantId.includes(':')) fail('merchantId', 'must be a non-empty string without a colon');
  if (typeof settings.secretKey !== 'string' || !settings.secretKey) fail('secretKey', 'must be a non-empty string');
  if (!/^[A-Z]{3}$/.test(settings.currency)) fail('currency', 'must be an ISO 4217 code such as AUD');
  if (typeof settings.faults !== 'string') fail('faults', 'must be a string such as 429:0.1,insert:0.1');
  if (typeof settings.evolve !== 'boolean') fail('evolve', 'must be true or false');
  try {
    parseFaultRates(settings.faults);
  } catch (error) {
    fail('faults', (error as Error).message.replace(/^--faults: /, ''));
  }
  return settings;
}
