// One attempt of a request: what the loop sends, what a sender (the node:http transport, or a fetch we
// do not control) gives back once the response headers are in, the body read to its end under the same
// deadlines, abort and size cap, and the attempt's deadlines themselves.
import { ResponseTooLargeError } from './errors.js';

/** A fetch: the global one, or a caller's (a proxy, a test double). Standard fetch fits. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/**
 * What an attempt sends: the Request openapi-fetch built (read, never rebuilt: its method, URL and
 * headers), the headers the loop adds to it (the credentials, which no middleware sees), and its body
 * read once per call, for a method that has one.
 */
export interface Outgoing {
  request: Request;
  /** Lower-case names. */
  added: Readonly<Record<string, string>>;
  body?: ArrayBuffer | undefined;
}

/** The headers `outgoing` sends, lower-case names to values. */
export const headersOf = ({ request, added }: Outgoing): Record<string, string> => ({ ...Object.fromEntries(request.headers), ...added });

/** A response's head, its body still to come; `status` 0 is a browser's opaque redirect. */
export interface Head {
  status: number;
  /** Built when asked for: a success read by the client's methods never needs them. */
  headers(): Headers;
  /** The whole body as text, read under the attempt's deadlines and abort; past the size cap, a ResponseTooLargeError. */
  read(): Promise<string>;
  /** Frees the connection of a response whose body will not be read. */
  cancel(): void;
  /** A fetch's own Response, its body read by `read()`: handed back as it is where no body is wanted. */
  response?: Response;
}

/**
 * Sends `outgoing`, stops when `signal` aborts, and calls `connected()` when the connect phase ends.
 * Resolves once the headers are in; the body is read through the Head, within `maxBytes`.
 */
export type Attempt = (outgoing: Outgoing, signal: AbortSignal, connected: () => void, maxBytes: number) => Promise<Head>;

export type Phase = 'connect' | 'read' | 'total';

export interface Timeouts {
  /** Until the connection is open (with an injected fetch: until response headers arrive). Default 10 000. */
  connectMs: number;
  /** From then until the whole body has arrived. Default 20 000. */
  readMs: number;
  /** The whole call: every attempt, backoff and Retry-After wait. Default 60 000. */
  totalMs: number;
}

/**
 * Arms the connect deadline now and the read deadline on `connected()`, each cut short by the call's
 * `deadline` (then the phase is `total`). A deadline aborts `controller` with an Error carrying `phase`.
 * One timer per attempt: `connected()` moves it only when the read deadline comes before it, and a
 * timer that fires early (the read deadline is later) waits for the rest.
 */
export function armDeadlines(controller: AbortController, { connectMs, readMs, totalMs }: Timeouts, deadline: number) {
  let phase: Phase = 'connect';
  let due = Math.min(Date.now() + connectMs, deadline);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    // Never negative: Node prints a TimeoutNegativeWarning into the caller's logs for that.
    timer = setTimeout(expire, Math.max(0, due - Date.now()));
  };
  const expire = () => {
    if (Date.now() < due) return arm();
    const [label, limit] = due === deadline ? ['total', totalMs] : [phase, phase === 'connect' ? connectMs : readMs];
    controller.abort(Object.assign(new Error(`${label} timed out after ${limit} ms`), { phase: label }));
  };
  arm();
  return {
    connected() {
      // Once aborted, a late `connected()` must not start a timer that nothing would clear.
      if (controller.signal.aborted) return;
      const scheduled = due;
      phase = 'read';
      due = Math.min(Date.now() + readMs, deadline);
      if (due < scheduled) arm();
    },
    clear: () => clearTimeout(timer),
  };
}

/**
 * The sender over a fetch we do not control: `connect` lasts until the response headers arrive, so a
 * slow server counts as connect. The signal rides on the Request itself, since a caller's wrapper such
 * as `(request) => fetch(request)` drops a second argument, and a timed-out request must be cancelled,
 * not just abandoned; a fetch that ignores it is still raced, and its stream cancelled.
 */
export const fetchAttempt =
  (fetch: FetchLike): Attempt =>
  async ({ request, added, body }, signal, connected, maxBytes) => {
    // Rejects when the attempt aborts: raced with the fetch and with the body, so a fetch that ignores
    // its signal still stops. One listener for both; the attempt's signal is dropped with the attempt.
    const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    aborted.catch(() => {});
    // One Request per attempt, from openapi-fetch's: the attempt's signal and the loop's headers, never a redirect followed.
    const sent = new Request(request, { signal, redirect: 'manual', ...(body && { body }) });
    for (const name of Object.keys(added)) sent.headers.set(name, added[name]!);
    const response = await Promise.race([fetch(sent), aborted]);
    if (typeof response?.status !== 'number') throw new TypeError('fetch did not return a Response');
    connected();
    const reader = response.body?.getReader();
    const cancel = () => void reader?.cancel().catch(() => {});
    const read = async () => {
      const decoder = new TextDecoder();
      let text = '';
      let size = 0;
      for (let chunk; reader && !(chunk = await reader.read()).done; ) {
        // Counted as the bytes arrive, after any decompression: a small gzip bomb cannot fill memory.
        if ((size += chunk.value.byteLength) > maxBytes) throw new ResponseTooLargeError(maxBytes);
        text += decoder.decode(chunk.value, { stream: true }); // a chunk that is not bytes throws a TypeError: a failed attempt
      }
      return text + decoder.decode();
    };
    return {
      response,
      status: response.status,
      headers: () => response.headers,
      read: () =>
        Promise.race([read(), aborted]).catch((error: unknown) => {
          cancel();
          throw error;
        }),
      cancel,
    };
  };
