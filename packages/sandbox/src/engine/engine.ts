// The sandbox's engine: the whole behaviour of the service, with nothing of Node, so that every host
// (node:http, an in-process fetch, MSW, a Service Worker, an edge runtime) is a thin adapter over it.
// It reads a SandboxRequest and gives an Answer (answer.ts), in the service's order of checks, after
// what node:http's parser refuses (a method not in upper case, 400; a target over 8 KiB, 431): path
// (404), method (405), credentials (401), then the faults asked for (400 for an unknown one), Accept
// (406) and the query (500, 422). It holds one instance's state: the seeded payments with any the
// `insert` fault adds, the random faults' generator, and the timers that `close()` ends.
import { reply, errorReply, type Answer, type Reply } from './answer.js';
import { requireAcceptable } from './accept.js';
import { credentialsCheck, type Credentials } from './auth.js';
import { configuration } from './configuration.js';
import { allowedOrigins, corsHeaders } from './cors.js';
import { generatePayments, newPayment, type Payment } from './dataset.js';
import { headTooLarge, MAX_TARGET_BYTES, SandboxHttpError, unknownMethod } from './errors.js';
import { withUnknownFields, withUnknownValues } from './evolve.js';
import { FAULT_HEADER, faultResponse, faultsFromHeader, parseFaultRates, rollFaults } from './faults.js';
import { listPayments } from './list-payments.js';
import { parseListQuery } from './list-query.js';
import { seededRandom } from './random.js';
import type { RequestLog } from './request-log.js';
import type { SandboxRequest } from './request.js';
import { engineSettings, type SandboxOptions } from './settings.js';
import { PaymentStore } from './store.js';

export interface Engine {
  readonly credentials: Readonly<Credentials>;
  /** The request log the options gave (request-log.ts); each host calls it once per request. */
  readonly log: RequestLog | undefined;
  /** A copy of the payments as they are now (the dataset plus any inserted). */
  payments(): Payment[];
  /** The answer to one request; never rejects (an unexpected failure is the service's 500). */
  answer(request: SandboxRequest): Promise<Answer>;
  /** The answer to a request a host refused before the engine could read it (the node:http host's 400s). */
  refused(error: unknown, method: string): Reply;
  /** Resolves after `ms`, unless the engine closes first (then never). */
  later(ms: number): Promise<void>;
  /**
   * Calls `listener` once the engine closes: whatever waits on the sandbox (a stall, a delay, a slow
   * body) stops then. Returns the function that removes it, for the waits that end first.
   */
  onClose(listener: () => void): () => void;
  isClosed(): boolean;
  /** Ends every timer and calls every onClose listener. */
  close(): Promise<void>;
}

type Operation = 'ping' | 'configuration' | 'payments';
const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();
const ROUTES: Record<string, Operation> = { '/ping': 'ping', '/v2/configuration': 'configuration', '/v2/payments': 'payments' };
const ALLOW = 'GET, HEAD, OPTIONS';

/** An engine for the options; throws SandboxOptionError for a bad one. */
export function createEngine(options: SandboxOptions = {}): Engine {
  const settings = engineSettings(options);
  const credentials = Object.freeze({ merchantId: settings.merchantId, secretKey: settings.secretKey });
  const dataset = generatePayments({ count: settings.payments, seed: settings.seed, currency: settings.currency });
  const store = new PaymentStore(settings.evolve ? withUnknownValues(dataset, settings.seed, settings.currency) : dataset);
  const faultRates = parseFaultRates(settings.faults);
  const faultRandom = seededRandom(`${settings.seed}:faults`);
  const allowed = allowedOrigins(settings.corsOrigins);
  const requireCredentials = credentialsCheck(credentials);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let closing = false;
  // A set, not a promise: each request waits on the close, and a promise's reactions are never removed.
  const closeListeners = new Set<() => void>();

  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      if (closing) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function answer(request: SandboxRequest): Promise<Answer> {
    const unparsed = parserRefusal(request);
    if (unparsed) return refused(unparsed, ''); // as node:http's parser answers it: before any header is read
    const answered = await check(request);
    if (answered.kind !== 'reply') return answered;
    Object.assign(answered.headers, corsHeaders(request, allowed));
    return finish(answered, request.method);
  }

  /** Evolution's unknown fields in a JSON body, then a HEAD reply's body emptied (its Content-Length kept). */
  function finish(answered: Reply, method: string): Reply {
    if (settings.evolve && answered.headers['Content-Type'] === 'application/json') {
      const evolved = utf8.encode(JSON.stringify(withUnknownFields(JSON.parse(utf8Decoder.decode(answered.body)))));
      Object.assign(answered, { body: evolved, headers: { ...answered.headers, 'Content-Length': String(evolved.length) } });
    }
    if (method === 'HEAD') answered.body = new Uint8Array(0);
    return answered;
  }

  async function check(request: SandboxRequest): Promise<Answer> {
    try {
      const operation = admit(request);
      if (operation === 'options') return reply(204, 'text/plain', '', { Allow: ALLOW });
      // Faults only for a request that got this far: authenticated, or Ping.
      const faults = [...faultsFromHeader(request.header(FAULT_HEADER)), ...rollFaults(faultRates, faultRandom)];
      if (faults.some((fault) => fault.kind === 'insert')) store.insert(newPayment(faultRandom, store.all(), settings.currency));
      for (const fault of faults) {
        if (fault.kind === 'reset' || fault.kind === 'stall') return { kind: fault.kind };
        if (fault.kind === 'delay') await later(fault.ms);
        const refusal = faultResponse(fault);
        if (refusal) throw refusal;
      }
      const served = serve(operation, request);
      served.slow = faults.some((fault) => fault.kind === 'slow-body');
      return served;
    } catch (error) {
      return errorReply(error);
    }
  }

  /** What node:http's parser refuses, which a web Request can still carry: fetch keeps `patch` and `propfind` as written. */
  function parserRefusal(request: SandboxRequest): SandboxHttpError | undefined {
    if (request.method !== request.method.toUpperCase()) return unknownMethod();
    // The path and query below where the host is mounted, so that a base path costs a caller nothing.
    if (request.url.pathname.length + request.url.search.length > MAX_TARGET_BYTES) return headTooLarge();
    return undefined;
  }

  const refused = (error: unknown, method: string) => finish(errorReply(error), method);

  /** The checks every request meets first, in the service's order: path (404), method (405), credentials (401). */
  function admit(request: SandboxRequest): Operation | 'options' {
    const { pathname } = request.url;
    const operation = ROUTES[pathname];
    if (!operation)
      throw new SandboxHttpError(404, 'not_found', `No operation at ${pathname}. The sandbox serves GET /ping, /v2/configuration and /v2/payments.`);
    if (request.method === 'OPTIONS') return 'options';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new SandboxHttpError(405, 'method_not_allowed', `Request method '${request.method}' not supported.`, { Allow: ALLOW });
    }
    if (operation !== 'ping') requireCredentials(request.header('authorization'));
    return operation;
  }

  /** The operation's answer, after the representation (406) and the query (500, then 422). */
  function serve(operation: Operation, request: SandboxRequest) {
    if (operation === 'ping') {
      requireAcceptable(request.header('accept'), 'text/plain');
      return reply(200, 'text/plain', 'pong');
    }
    requireAcceptable(request.header('accept'), 'application/json');
    const { searchParams } = request.url;
    if (operation === 'configuration') {
      return reply(200, 'application/json', JSON.stringify(configuration(searchParams, settings.currency)), { 'Cache-Control': 'max-age=86400' });
    }
    return reply(200, 'application/json', listPayments(store, parseListQuery(searchParams)));
  }

  return {
    credentials,
    log: settings.log,
    payments: () => structuredClone(store.all() as Payment[]),
    answer,
    refused,
    later,
    onClose(listener) {
      closeListeners.add(listener);
      return () => void closeListeners.delete(listener);
    },
    isClosed: () => closing,
    close() {
      if (!closing) {
        closing = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const listener of closeListeners) listener();
        closeListeners.clear();
      }
      return Promise.resolve();
    },
  };
}
