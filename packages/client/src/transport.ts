// The one request loop, openapi-fetch's `fetch`: every call goes through it, the typed methods' and
// `client.api`'s alike, below openapi-fetch and its middleware. It takes the Request openapi-fetch built
// and gives back the Response openapi-fetch parses: the call's deadline and abort, attempts under
// per-phase deadlines, the body read to its end inside the attempt, retries with backoff and
// Retry-After, logging, and the conversion of every failure into the client's error classes. A body
// that fails or stalls after the headers is retried like a failed connection: every operation is a GET,
// and nothing has reached the caller yet. On Node the node:http sender is imported statically: a
// dynamic import() costs a lazy-module wrapper in every bundle.
import { nodeAttempt } from '#node-transport';
import { armDeadlines, type Attempt, type FetchLike, fetchAttempt, type Head, headersOf, type Outgoing, type Phase, type Timeouts } from './attempt.js';
import { AbortError, ApiError, ConnectionError, MerchantApiError, TimeoutError, ValidationError } from './errors.js';
import type { createLog } from './logger.js';
import { type Redact, redactBody, redactHeaders } from './redact.js';

export type { FetchLike, Timeouts } from './attempt.js';

/** One call's settings: the client's defaults merged with the call's RequestOptions (see options.ts). */
export interface CallSettings {
  timeouts: Timeouts;
  retries: number;
  /** The caller's signal (for `client.api`, the Request's own: what its callers pass as `signal`). */
  signal?: AbortSignal | undefined;
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
  /** Headers the loop adds for a URL (the credentials, below the base URL only); no middleware sees them. */
  headersFor?: ((url: string) => Record<string, string>) | undefined;
  /** Injected by tests, so backoff is checked without waiting. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  random?: (() => number) | undefined;
}

/**
 * `stats` is filled in by the loop, so errors raised after it (from the body's shape) carry the same
 * figures. `taken`, for the typed methods: the loop leaves the body's text there, and the Response it
 * hands back carries none to read again.
 */
export type Send = (request: Request, call: CallSettings, stats?: CallStats, taken?: Taken) => Promise<Response>;

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, readMs: 20_000, totalMs: 60_000 };
export const DEFAULT_RETRIES = 2;
/** 16 MiB: a page of 250 payments is well under 1 MiB; this only stops a runaway or hostile body. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** 8 KiB: what common proxies and servers accept in a request line; a longer URL is refused before the network. */
export const MAX_URL_LENGTH = 8192;
/** Only the rate limit and the gateway errors are retried: a 500 from this API means a malformed query. */
const RETRY_STATUSES = [429, 502, 503, 504];

/** Where the loop leaves a typed method's answer: the Response handed to openapi-fetch, and its body's text. */
export interface Taken {
  response?: Response;
  text?: string;
}

/**
 * The body of a Response a middleware put in place of the loop's, as text: what openapi-fetch made of
 * it (`data` the unread stream of a success, `error` the parsed error body).
 */
export async function textOf(response: Response, data: unknown, error: unknown): Promise<string> {
  if (response.ok) return data instanceof ReadableStream ? new Response(data).text() : '';
  return typeof error === 'string' ? error : error === undefined ? '' : JSON.stringify(error);
}

export function createTransport({
  fetch,
  redact,
  log,
  maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
  headersFor = () => ({}),
  sleep = wait,
  random = Math.random,
}: TransportOptions): Send {
  // On Node without a caller's fetch, the node:http sender (exact phases). Browser bundles resolve
  // `#node-transport` to a stub (package.json `imports`), never called there.
  const attempt: Attempt = !fetch && globalThis.process?.versions?.node ? nodeAttempt : fetchAttempt(fetch ?? globalThis.fetch);
  // The level is the client's, fixed at construction: each attempt's debug line is built only if it is logged.
  const debug = log.enabled('debug');
  return async (request, { timeouts, retries, signal }, stats = { attempts: 0, started: 0 }, taken) => {
    const { method, url } = request;
    stats.started = Date.now();
    const deadline = stats.started + timeouts.totalMs;
    const fail = (error: unknown) => stamp(clientError(error, `${method} ${url}`, redact, signal), stats);
    // An already-aborted signal, or a URL too long for the proxies on the way, sends nothing.
    if (signal?.aborted) throw clientError(undefined, `${method} ${url}`, redact, signal);
    if (url.length > MAX_URL_LENGTH) throw urlTooLong(url);
    // Read once for every attempt; the API's operations are all GETs, which have none.
    const outgoing: Outgoing = { request, added: headersFor(url), body: request.body ? await request.arrayBuffer() : undefined };
    for (;;) {
      const attemptStarted = debug ? Date.now() : 0;
      const controller = new AbortController();
      stats.attempts++;
      const forward = signal && (() => controller.abort(signal.reason));
      if (forward) signal.addEventListener('abort', forward);
      const deadlines = armDeadlines(controller, timeouts, deadline);
      let head: Head | undefined;
      let body: string | undefined;
      let failure: unknown;
      let delay = -1;
      try {
        head = await attempt(outgoing, controller.signal, deadlines.connected, maxResponseBytes);
        if (RETRY_STATUSES.includes(head.status)) delay = retryIn(stats.attempts, retries, deadline, head.headers().get('retry-after'), random);
        // The body is read here, under this attempt's deadlines: a reset, a broken chunking or a stall
        // mid-body fails the attempt, and is retried below like a failed connection.
        if (delay >= 0)
          head.cancel(); // a response that is not used frees its socket now
        else if (isRead(head.status)) body = await head.read();
      } catch (error) {
        failure = error;
        // Not a caller's abort, nor one of ours (a body over the cap): a failed or timed-out attempt.
        if (!signal?.aborted && !(error instanceof MerchantApiError)) delay = retryIn(stats.attempts, retries, deadline, null, random);
      } finally {
        deadlines.clear();
        if (forward) signal.removeEventListener('abort', forward);
      }
      if (debug) {
        log('debug', `${method} ${redact(url)} ${failure ? 'failed' : head!.status}`, {
          method,
          url: redact(url),
          status: failure ? undefined : head!.status,
          attempt: stats.attempts,
          durationMs: Date.now() - attemptStarted,
          headers: Object.fromEntries(redactHeaders(new Headers(headersOf(outgoing)), redact)),
        });
      }
      if (delay < 0) {
        if (failure !== undefined || !head) throw fail(failure);
        if (body === undefined) throw fail(unread(head, `${method} ${redact(url)}`, redact));
        return answer(head, body, redact, taken);
      }
      const reason = failure === undefined ? `HTTP ${head!.status}` : fail(failure).message;
      log('warn', `retrying ${method} ${redact(url)} in ${Math.round(delay)} ms after ${reason}`, { attempt: stats.attempts, delayMs: delay });
      try {
        await sleep(delay, signal);
      } catch (error) {
        throw fail(error);
      }
    }
  };
}

/**
 * The wait before the attempt after attempt number `attempts`, or -1 when none is allowed or it would
 * start past the call's deadline.
 */
function retryIn(attempts: number, retries: number, deadline: number, retryAfter: string | null, random: () => number): number {
  const ms = retryDelayMs(attempts - 1, retryAfter, random);
  return attempts <= retries && Date.now() + ms < deadline ? ms : -1;
}

/**
 * An answer whose body is not read: the API never redirects, and both senders refuse (a browser's
 * `redirect: 'manual'` gives status 0), so nothing goes to the other origin. A status outside HTTP's
 * range is refused with them.
 */
function unread(head: Head, request: string, redact: Redact): ApiError {
  const { status } = head;
  const headers = redactHeaders(head.headers(), redact);
  const location =
    status >= 300 && status < 400 ? ` redirecting to ${headers.get('location') ?? 'an unknown location'}; the API never redirects, so it is not followed` : '';
  return ApiError.from(status, '', headers, `${request} answered ${status}${location}`);
}

/** The call's Response, its body read whole; an error answer redacted, as every thrown error is. */
function answer({ status, headers, response }: Head, text: string, redact: Redact, taken: Taken | undefined): Response {
  if (status >= 400) text = redactBody(text, redact);
  // 204 and 205 have no body; the loop refuses the other statuses a Response could not carry. A
  // fetch's own Response, its body already read, serves where none is wanted, if it is a success.
  if (!taken)
    return new Response(status === 204 || status === 205 ? null : text, { status, headers: status < 400 ? headers() : redactHeaders(headers(), redact) });
  taken.text = text;
  if (status < 400 && response) return (taken.response = response);
  return (taken.response = new Response(null, { status, headers: status < 400 ? headers() : redactHeaders(headers(), redact) }));
}

/** Whether a status's body is read: a success or an error answer; not a redirect or a status outside HTTP's range. */
const isRead = (status: number) => (status >= 200 && status < 300) || (status >= 400 && status < 600);

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

/** What a failure may carry: undici nests the socket's error, with its `code`, as `cause`. */
type Failure = { message?: string; code?: string; cause?: Failure; phase?: Phase } | null | undefined;

/**
 * The one conversion of anything a call can throw into the client's classes: ours pass through; an
 * abort of the caller's signal is an AbortError; a deadline a TimeoutError; anything else (a TypeError
 * from fetch, a non-Error a caller's fetch threw) a ConnectionError with the system `code` when there
 * is one. No foreign `cause` is attached: it may carry the request and its Authorization header, so
 * the message names the request and the causes, redacted.
 */
export function clientError(error: unknown, request: string, redact: Redact, signal?: AbortSignal): MerchantApiError {
  if (error instanceof MerchantApiError) return error;
  let message = request;
  if (signal?.aborted) return new AbortError(redact(`${message} was aborted`), { cause: signal.reason });
  let code: string | undefined;
  for (let cause = error as Failure, depth = 0; cause && depth < 4; cause = cause.cause, depth++) {
    // String() of an object without a prototype throws: such a thing is named by its type.
    const text = typeof cause.message === 'string' ? cause.message : typeof cause === 'object' ? 'object' : String(cause);
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
    const name = pair.split('=')[0]!; // as written: decoding could throw on a raw caller's stray %
    sizes[name] = (sizes[name] ?? 0) + pair.length + 1;
  }
  const [param = 'url', size = url.length] = Object.entries(sizes).sort((a, b) => b[1] - a[1])[0] ?? [];
  return new ValidationError(
    param,
    'maxUrlLength',
    `the URL would be ${url.length} characters, over the ${MAX_URL_LENGTH} limit; ${param} takes ${size} of them`,
  );
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
