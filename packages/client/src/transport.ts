// The one request loop every call goes through, `client.raw` included: the call's deadline and abort,
// attempts under per-phase deadlines, retries with backoff and Retry-After, logging, and the conversion
// of every failure into the client's error classes. It hands openapi-fetch the response as it arrives:
// the body is read once, by openapi-fetch, under the attempt's read deadline. On Node the node:http
// sender is imported statically: a dynamic import() costs a lazy-module wrapper in every bundle.
import { nodeAttempt } from '#node-transport';
import { armDeadlines, type Attempt, type BodyReader, guardBody, type Head, type Phase, raceAbort, readText, streamedResponse, type Timeouts } from './attempt.js';
import { AbortError, ApiError, ConnectionError, MerchantApiError, TimeoutError, ValidationError } from './errors.js';
import type { createLog } from './logger.js';
import { type Redact, redactDeep } from './redact.js';

export type { Timeouts } from './attempt.js';

/** A fetch: the global one, or a caller's (a proxy, a test double). Standard fetch fits. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/** One call's settings: the client's defaults merged with the call's RequestOptions (see options.ts). */
export interface CallSettings {
  timeouts: Timeouts;
  retries: number;
  /** The caller's signal. Without one, the Request's own signal (what `client.raw` callers pass). */
  signal?: AbortSignal | undefined;
  /** The controller behind the Request's signal, when the client built the Request: spares a copy of it on the first attempt. */
  controller?: AbortController | undefined;
  /** Filled in by the loop, so errors raised after it (from the body) carry the same figures. */
  stats?: CallStats | undefined;
  /**
   * Set by the client's own methods, which read the body themselves: the loop leaves the guarded body
   * here and hands openapi-fetch the head alone, so the body is never wrapped in a second stream.
   */
  body?: BodyReader | null | undefined;
}

export interface CallStats {
  attempts: number;
  started: number;
}

export interface TransportOptions {
  /** A caller's fetch. Without one, Node uses a node:http sender that knows the connect/read phases. */
  fetch?: FetchLike | undefined;
  redact: Redact;
  log: ReturnType<typeof createLog>;
  /** The largest body accepted, counted after decompression. */
  maxResponseBytes?: number | undefined;
  /** Injected by tests, so backoff is checked without waiting. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export type Send = ((request: Request, call: CallSettings) => Promise<Response>) & {
  /** Whether attempts go through a fetch, which sees the abort only on the Request's own signal. */
  fetchBased: boolean;
};

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, readMs: 20_000, totalMs: 60_000 };
export const DEFAULT_RETRIES = 2;
/** 16 MiB: a page of 250 payments is well under 1 MiB; this only stops a runaway or hostile body. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** 8 KiB: what common proxies and servers accept in a request line; a longer URL is refused before the network. */
export const MAX_URL_LENGTH = 8192;
/** Only the rate limit and the gateway errors are retried: a 500 from this API means a malformed query. */
const RETRY_STATUSES = [429, 502, 503, 504];

export function createTransport({ fetch, redact, log, maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES, sleep = wait, random = Math.random }: TransportOptions): Send {
  const attempt = chooseAttempt(fetch);
  const send = async (request: Request, call: CallSettings): Promise<Response> => {
    const { timeouts, retries, controller: first } = call;
    const signal = first ? call.signal : request.signal;
    const stats = call.stats ?? { attempts: 0, started: 0 };
    stats.started = Date.now();
    const deadline = stats.started + timeouts.totalMs;
    const fail = (error: unknown) => stamp(clientError(error, request, redact, signal), stats);
    // An already-aborted signal, or a URL too long for the proxies on the way, sends nothing.
    if (signal?.aborted) throw clientError(undefined, request, redact, signal);
    if (request.url.length > MAX_URL_LENGTH) throw urlTooLong(request.url);
    for (;;) {
      const attemptStarted = Date.now();
      const controller = (!stats.attempts && first) || new AbortController();
      stats.attempts++;
      const forward = () => controller.abort(signal!.reason);
      signal?.addEventListener('abort', forward);
      const deadlines = armDeadlines(controller, timeouts, deadline);
      const finish = () => {
        deadlines.clear();
        signal?.removeEventListener('abort', forward);
      };
      let head: Head | undefined;
      let failure: unknown;
      try {
        head = await raceAbort(attempt(request, controller.signal, deadlines.connected, controller === first), controller.signal);
      } catch (error) {
        failure = error;
      }
      if (log.enabled('debug')) {
        log('debug', `${request.method} ${redact(request.url)} ${head?.status ?? 'failed'}`, {
          method: request.method,
          url: redact(request.url),
          status: head?.status,
          attempt: stats.attempts,
          durationMs: Date.now() - attemptStarted,
          headers: redactDeep(Object.fromEntries(request.headers), redact),
        });
      }
      const retryable = head ? RETRY_STATUSES.includes(head.status) : !signal?.aborted;
      const delay = retryable && stats.attempts <= retries ? retryDelayMs(stats.attempts - 1, head?.headers.get('retry-after'), random) : -1;
      // A retry that would start after the call's deadline is not made: the call ends with what it has.
      if (delay < 0 || Date.now() + delay >= deadline) {
        if (!head) {
          finish();
          throw fail(failure);
        }
        let body: BodyReader | null = null;
        if (head.body && ![204, 205, 304].includes(head.status)) body = guardBody(head.body, controller.signal, finish, fail, maxResponseBytes);
        else finish();
        const headers = () => new Headers([...head!.headers].map(([name, value]): [string, string] => [name, redact(value)]));
        // The API never redirects: both senders refuse (a browser's `redirect: 'manual'` gives status 0), and nothing goes to the other origin.
        if (head.status < 200 || head.status >= 300) {
          if (head.status < 400) {
            void body?.cancel();
            const location = redact(head.headers.get('location') ?? 'an unknown location');
            throw fail(ApiError.from(head.status, '', headers(), `${request.method} ${redact(request.url)} answered ${head.status} redirecting to ${location}; the API never redirects, so it is not followed`));
          }
          // An error answer is read here, whole and redacted, so `raw` callers get the same redaction as thrown errors.
          return new Response(redact(await readText(body)), { status: head.status, statusText: head.statusText, headers: headers() });
        }
        if (!('body' in call)) return streamedResponse(body, head);
        call.body = body;
        return new Response(null, head);
      }
      void head?.body?.cancel(); // a response that is not used frees its socket now
      finish();
      const reason = head ? `HTTP ${head.status}` : (fail(failure).message ?? '');
      log('warn', `retrying ${request.method} ${redact(request.url)} in ${Math.round(delay)} ms after ${reason}`, { attempt: stats.attempts, delayMs: delay });
      try {
        await sleep(delay, signal);
      } catch (error) {
        throw fail(error);
      }
    }
  };
  return Object.assign(send, { fetchBased: attempt !== nodeAttempt });
}

/**
 * Backoff before retry number `retry` (0-based): `Retry-After` when it says 0 to 60 s (seconds or an
 * HTTP date), otherwise 0.5 s doubling up to 8 s, less up to 25 % jitter so clients do not retry in step.
 */
export function retryDelayMs(retry: number, retryAfter?: string | null, random = Math.random, now = Date.now): number {
  // Strictly RFC 9110: delay-seconds (digits only, so `0x10` or `1e3` are not numbers here) or an IMF-fixdate.
  const value = retryAfter?.trim() ?? '';
  const ms = /^\d+$/.test(value)
    ? +value * 1000
    : /^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$/.test(value)
      ? Math.max(0, Date.parse(value) - now())
      : NaN;
  if (ms <= 60_000) return ms;
  return Math.min(500 * 2 ** retry, 8000) * (1 - random() * 0.25);
}

/** On Node without a caller's fetch, the node:http sender (exact phases); otherwise a fetch. */
function chooseAttempt(fetch: FetchLike | undefined): Attempt {
  // Browser bundles resolve `#node-transport` to a stub (package.json `imports`), never called there.
  if (!fetch && globalThis.process?.versions?.node) return nodeAttempt;
  // A fetch we do not control: `connect` lasts until the response headers arrive, so a slow server counts as connect.
  return async (request, signal, connected, signalled) => {
    // The signal rides on the Request itself: a caller's wrapper such as `(request) => fetch(request)`
    // drops a second argument, and a timed-out request must still be cancelled, not just abandoned.
    // The client's own calls already built the Request on this signal; only retries need a copy.
    const response = await (fetch ?? globalThis.fetch)(signalled ? request : new Request(request, { signal }));
    if (typeof response?.status !== 'number') throw new TypeError('fetch did not return a Response');
    connected();
    return { status: response.status, statusText: response.statusText, headers: response.headers, body: response.body?.getReader() ?? null };
  };
}

/** What a failure may carry: undici nests the socket's error, with its `code`, as `cause`. */
type Failure = { message?: string; code?: string; cause?: Failure; phase?: Phase } | null | undefined;

/**
 * The one conversion of anything a call can throw into the client's classes: ours pass through; an
 * abort of the caller's signal is an AbortError; a deadline a TimeoutError; anything else (a TypeError
 * from fetch, a non-Error a caller's fetch threw) a ConnectionError with the system `code` when there
 * is one. No foreign `cause` is attached: it may carry the request and its Authorization header, so
 * the message names the request and the causes, redacted.
 */
export function clientError(error: unknown, request: Request | string, redact: Redact, signal?: AbortSignal): MerchantApiError {
  if (error instanceof MerchantApiError) return error;
  let message = typeof request === 'string' ? request : `${request.method} ${request.url}`;
  if (signal?.aborted) return new AbortError(redact(`${message} was aborted`), { cause: signal.reason });
  let code: string | undefined;
  for (let cause = error as Failure, depth = 0; cause && depth < 4; cause = cause.cause, depth++) {
    const text = String(cause.message ?? cause);
    code ??= typeof cause.code === 'string' ? cause.code : undefined;
    message += `: ${text}${!cause.code || text.includes(cause.code) ? '' : ` (${cause.code})`}`;
  }
  const phase = (error as Failure)?.phase;
  return phase ? new TimeoutError(phase, redact(message)) : new ConnectionError(redact(message), code);
}

/** Records on an error from a sent request how many attempts were made and how long the call took. */
export function stamp<T extends MerchantApiError>(error: T, stats: CallStats): T {
  if (stats.attempts && error.attempts === undefined) Object.assign(error, { attempts: stats.attempts, durationMs: Date.now() - stats.started });
  return error;
}

/** A ValidationError naming the query parameter that contributes most to an overlong URL. */
function urlTooLong(url: string): ValidationError {
  const sizes: Record<string, number> = {};
  for (const pair of url.split(/[?&]/).slice(1)) {
    const name = decodeURIComponent(pair.split('=')[0]!);
    sizes[name] = (sizes[name] ?? 0) + pair.length + 1;
  }
  const [param = 'url', size = url.length] = Object.entries(sizes).sort((a, b) => b[1] - a[1])[0] ?? [];
  return new ValidationError(param, 'maxUrlLength', `the URL would be ${url.length} characters, over the ${MAX_URL_LENGTH} limit; ${param} takes ${size} of them`);
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      if (signal?.aborted) reject(signal.reason);
      else resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}
