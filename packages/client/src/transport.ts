// The fetch function handed to openapi-fetch: per-attempt timeouts, retries with backoff, and error
// classes instead of bare TypeErrors. Every response it returns has its body fully read, so the read
// timeout covers the whole body and a retried response leaves nothing open.
import { ConnectionError, TimeoutError } from './errors.js';
import type { Redact } from './redact.js';

export type FetchLike = (input: Request) => Promise<Response>;

export interface Timeouts {
  /** Until the connection is open (with an injected fetch: until response headers arrive). Default 10 000. */
  connectMs: number;
  /** From then until the whole body has arrived. Default 20 000. */
  readMs: number;
}

/**
 * One attempt: resolves with a response whose body is already read. A timeout rejects with an Error
 * carrying `phase`; anything else is a connection failure.
 */
export type Attempt = (request: Request, timeouts: Timeouts) => Promise<Response>;

export interface TransportOptions {
  /** A caller's fetch. Without one, Node uses a node:http transport that knows the connect/read phases. */
  fetch?: FetchLike | undefined;
  timeouts: Timeouts;
  retries: number;
  redact: Redact;
  /** Injected by tests, so backoff is checked without waiting. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, readMs: 20_000 };
export const DEFAULT_RETRIES = 2;
/** Only the rate limit and the gateway errors are retried: a 500 from this API means a malformed query. */
const RETRY_STATUSES = [429, 502, 503, 504];

export function createTransport(options: TransportOptions): FetchLike {
  const { timeouts, retries, redact, sleep = wait, random = Math.random, now = Date.now } = options;
  const attempt = chooseAttempt(options.fetch);
  return async (request) => {
    for (let retry = 0; ; retry++) {
      request.signal.throwIfAborted();
      let response: Response | undefined;
      let failure: Error | undefined;
      try {
        response = await attempt(request.clone(), timeouts);
      } catch (error) {
        if (request.signal.aborted) throw request.signal.reason;
        failure = transportError(error, request, redact);
      }
      if (retry >= retries || !(failure || RETRY_STATUSES.includes(response!.status))) {
        if (failure) throw failure;
        return response!;
      }
      await sleep(retryDelayMs(retry, response?.headers.get('retry-after'), random, now));
    }
  };
}

/**
 * Backoff before retry number `retry` (0-based): `Retry-After` when it says 0 to 60 s (seconds or an
 * HTTP date), otherwise 0.5 s doubling up to 8 s, less up to 25 % jitter so clients do not retry in step.
 */
export function retryDelayMs(retry: number, retryAfter?: string | null, random = Math.random, now = Date.now): number {
  if (retryAfter?.trim()) {
    const ms = Number.isFinite(+retryAfter) ? +retryAfter * 1000 : Math.max(0, Date.parse(retryAfter) - now());
    if (ms >= 0 && ms <= 60_000) return ms;
  }
  return Math.min(500 * 2 ** retry, 8000) * (1 - random() * 0.25);
}

function chooseAttempt(fetch: FetchLike | undefined): Attempt {
  if (fetch) return (request, timeouts) => withDeadlines(fetch, request, timeouts);
  if (typeof process !== 'undefined' && process.versions?.node) {
    // Loaded on first use; browser bundles resolve `#node-transport` to a stub (package.json `imports`).
    return async (request, timeouts) => (await import('#node-transport')).nodeFetch(request, timeouts);
  }
  return (request, timeouts) => withDeadlines(globalThis.fetch, request, timeouts);
}

/**
 * Per-attempt deadlines for a fetch we do not control: `connect` runs until the response headers
 * arrive, `read` until the body is complete. The phase is approximate: a slow server counts as connect.
 * The deadline races the fetch, so even a fetch that ignores its signal times out.
 */
async function withDeadlines(fetch: FetchLike, request: Request, timeouts: Timeouts): Promise<Response> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', forwardAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = (phase: TimeoutError['phase'], ms: number) =>
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = Object.assign(new Error(`no ${phase === 'connect' ? 'response' : 'complete body'} within ${ms} ms`), { phase });
        controller.abort(error);
        reject(error);
      }, ms);
    });
  try {
    const response = await Promise.race([fetch(new Request(request, { signal: controller.signal })), deadline('connect', timeouts.connectMs)]);
    clearTimeout(timer);
    const body = await Promise.race([response.arrayBuffer(), deadline('read', timeouts.readMs)]);
    return new Response([204, 205, 304].includes(response.status) ? null : body, response);
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', forwardAbort);
  }
}

/**
 * A TimeoutError or ConnectionError whose message names the request and the cause. No `cause` is
 * attached: a foreign error may carry the request and its Authorization header; the message is redacted.
 */
function transportError(error: unknown, request: Request, redact: Redact): Error {
  let detail = '';
  for (let cause = error, depth = 0; cause && depth < 4; cause = (cause as Error).cause, depth++) {
    const { message = String(cause), code } = cause as { message?: string; code?: string };
    detail += `: ${message}${code && !message.includes(code) ? ` (${code})` : ''}`;
  }
  const message = redact(`${request.method} ${request.url}${detail}`);
  const phase = (error as { phase?: TimeoutError['phase'] } | null)?.phase;
  return phase ? new TimeoutError(phase, message) : new ConnectionError(message);
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
