// The sandbox's HTTP server (plain node:http): routing, method and header rules, auth, faults, and
// the three operations. Checks run in the service's order: path (404), method (405), credentials
// (401), Accept (406), then the query (500, 422).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireAcceptable } from './accept.js';
import { requireCredentials, type Credentials } from './auth.js';
import { configuration } from './configuration.js';
import { generatePayments, newPayment, type Payment } from './dataset.js';
import { errorBody, SandboxHttpError } from './errors.js';
import { withUnknownFields, withUnknownValues } from './evolve.js';
import { FAULT_HEADER, faultResponse, faultsFromHeader, parseFaultRates, rollFaults, type Fault } from './faults.js';
import { listPayments } from './list-payments.js';
import { parseListQuery } from './list-query.js';
import { seededRandom } from './random.js';
import { PaymentStore } from './store.js';

/** The sandbox's fixed credentials: the API document's worked example (`Basic MzI6YWJjZGVmZ2g=`). */
export const DEFAULT_CREDENTIALS: Readonly<Credentials> = Object.freeze({ merchantId: '32', secretKey: 'abcdefgh' });
export const DEFAULT_PAYMENTS = 1000;
export const DEFAULT_SEED = 1;
export const DEFAULT_CURRENCY = 'AUD';

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
    let faults: Fault[] = [];
    try {
      faults = [...faultsFromHeader(headerValue(req, FAULT_HEADER)), ...rollFaults(faultRates, faultRandom)];
    } catch (error) {
      return sendError(res, error as SandboxHttpError);
    }
    if (faults.some((fault) => fault.kind === 'insert')) store.insert(newPayment(faultRandom, store.all(), settings.currency));
    for (const fault of faults) {
      if (fault.kind === 'reset') return req.socket.destroy();
      if (fault.kind === 'stall') return; // accepted, never answered; close() ends it
      if (fault.kind === 'delay') await later(fault.ms);
      const response = faultResponse(fault);
      if (response) return sendError(res, response);
    }
    const slow = faults.some((fault) => fault.kind === 'slow-body');
    try {
      const { status, type, body, headers } = answer(req);
      await send(res, status, { 'Content-Type': type, ...headers }, body, slow);
    } catch (error) {
      const known = error instanceof SandboxHttpError ? error : new SandboxHttpError(500, 'error', 'An unexpected error occurred.');
      await send(res, known.status, { 'Content-Type': 'application/json', ...known.headers }, JSON.stringify(errorBody(known)), slow);
    }
  }

  function answer(req: IncomingMessage): { status: number; type: string; body: string | Buffer; headers?: Record<string, string> } {
    // Always a path: a target such as `//host/v2/payments` must not be read as another host.
    const { pathname, searchParams } = new URL(`http://sandbox.invalid${req.url?.startsWith('/') ? req.url : '/'}`);
    const operation = ROUTES[pathname];
    if (!operation) throw new SandboxHttpError(404, 'not_found', `No operation at ${pathname}. The sandbox serves GET /ping, /v2/configuration and /v2/payments.`);
    if (req.method === 'OPTIONS') return { status: 204, type: 'text/plain', body: '', headers: { Allow: ALLOW } };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new SandboxHttpError(405, 'method_not_allowed', `Request method '${req.method}' not supported.`, { Allow: ALLOW });
    }
    if (operation === 'ping') {
      requireAcceptable(req.headers.accept, 'text/plain');
      return { status: 200, type: 'text/plain', body: 'pong' };
    }
    requireCredentials(req.headers.authorization, credentials);
    requireAcceptable(req.headers.accept, 'application/json');
    if (operation === 'configuration') {
      return { status: 200, type: 'application/json', body: JSON.stringify(configuration(searchParams, settings.currency)), headers: { 'Cache-Control': 'max-age=86400' } };
    }
    return { status: 200, type: 'application/json', body: listPayments(store, parseListQuery(searchParams)) };
  }

  function sendError(res: ServerResponse, error: SandboxHttpError) {
    return send(res, error.status, { 'Content-Type': 'application/json', ...error.headers }, JSON.stringify(errorBody(error)), false);
  }

  async function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer, slow: boolean) {
    if (settings.evolve && headers['Content-Type'] === 'application/json') body = JSON.stringify(withUnknownFields(JSON.parse(body.toString())));
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    res.writeHead(status, { ...headers, 'Content-Length': String(bytes.length) });
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

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
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

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Thrown by startSandbox for an option it cannot use; the message names the option and the rule. */
export class SandboxOptionError extends Error {
  override name = 'SandboxOptionError';
}

function checkedOptions(options: SandboxOptions) {
  const settings = {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
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
