// The fetch function handed to openapi-fetch: per-attempt timeouts, retries with backoff, and error
// classes instead of bare TypeErrors. Every response it returns has its body fully read, so the read
// timeout covers the whole body and a retried response leaves nothing open. On Node the node:http
// transport is imported statically: a dynamic import() costs a lazy-module wrapper in every bundle.
import { nodeFetch } from '#node-transport';
import { bufferedResponse, runAttempt, type Phase } from './attempt.js';
import { ConnectionError, TimeoutError } from './errors.js';
import type { Redact } from './redact.js';

/** A fetch: the global one, or a caller's (a proxy, a test double). Standard fetch fits. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

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
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, readMs: 20_000 };
export const DEFAULT_RETRIES = 2;
/** Only the rate limit and the gateway errors are retried: a 500 from this API means a malformed query. */
const RETRY_STATUSES = [429, 502, 503, 504];

export function createTransport({ fetch, timeouts, retries, redact, sleep = wait, random = Math.random }: TransportOptions): FetchLike {
  const attempt = chooseAttempt(fetch);
  return async (request) => {
    for (let retry = 0; ; retry++) {
      request.signal.throwIfAborted();
      let response: Response | undefined;
      try {
        // A request without a body can be sent again as it is; only a body needs a fresh copy.
        response = await attempt(request.body ? request.clone() : request, timeouts);
        if (retry >= retries || !RETRY_STATUSES.includes(response.status)) return response;
      } catch (error) {
        if (request.signal.aborted) throw request.signal.reason;
        if (retry >= retries) throw transportError(error as Failure, request, redact);
      }
      await sleep(retryDelayMs(retry, response?.headers.get('retry-after'), random));
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

/** On Node without a caller's fetch, the node:http transport (exact phases); otherwise a fetch under deadlines. */
function chooseAttempt(fetch: FetchLike | undefined): Attempt {
  // Browser bundles resolve `#node-transport` to a stub (package.json `imports`), never called there.
  if (!fetch && globalThis.process?.versions?.node) return nodeFetch;
  // A fetch we do not control: `connect` lasts until the response headers arrive, so a slow server counts as connect.
  return (request, timeouts) =>
    runAttempt(request, timeouts, async (request, signal, connected) => {
      // The signal rides on the Request itself: a caller's wrapper such as `(request) => fetch(request)`
      // drops a second argument, and a timed-out request must still be cancelled, not just abandoned.
      const response = await (fetch ?? globalThis.fetch)(new Request(request, { signal }));
      connected();
      return bufferedResponse(await response.arrayBuffer(), response);
    });
}

/** What a transport failure may carry: undici nests the socket's error, with its `code`, as `cause`. */
type Failure = { message?: string; code?: string; cause?: Failure; phase?: Phase } | null | undefined;

/**
 * A TimeoutError or ConnectionError whose message names the request and the causes. No `cause` is
 * attached: a foreign error may carry the request and its Authorization header; the message is redacted.
 */
function transportError(error: Failure, request: Request, redact: Redact): Error {
  let message = `${request.method} ${request.url}`;
  for (let cause = error, depth = 0; cause && depth < 4; cause = cause.cause, depth++) {
    const { message: text = String(cause), code = '' } = cause;
    message += `: ${text}${text.includes(code) ? '' : ` (${code})`}`;
  }
  return error?.phase ? new TimeoutError(error.phase, redact(message)) : new ConnectionError(redact(message));
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
