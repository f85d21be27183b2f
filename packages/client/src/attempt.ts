// One attempt of a request: what the loop sends, what a sender (the node:http transport, or a fetch we
// do not control) gives back once the response headers are in, the body read to its end under the same
// deadlines, abort and size cap, and the attempt's deadlines themselves.
import { ResponseTooLargeError } from './errors.js';

/** A fetch: the global one, or a caller's (a proxy, a test double). Standard fetch fits. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/** What the loop sends. Header names are lower-case; node:http takes the record as it is. */
export interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: ArrayBuffer | undefined;
}

/** A response's head, its body still to come; `status` 0 is a browser's opaque redirect. */
export interface Head {
  status: number;
  statusText: string;
  /** Built when asked for: a success read by the client's methods never needs them. */
  headers(): Headers;
  /** The whole body, read under the attempt's deadlines and abort; past the size cap, a ResponseTooLargeError. */
  read(): Promise<Uint8Array>;
  /** Frees the connection of a response whose body will not be read. */
  cancel(): void;
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
 */
export function armDeadlines(controller: AbortController, timeouts: Timeouts, deadline: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (phase: Phase, ms: number) => {
    clearTimeout(timer);
    const left = deadline - Date.now();
    const [label, limit] = left < ms ? ['total', timeouts.totalMs] : [phase, ms];
    timer = setTimeout(() => controller.abort(Object.assign(new Error(`${label} timed out after ${limit} ms`), { phase: label })), Math.min(ms, left));
  };
  arm('connect', timeouts.connectMs);
  return {
    // Once aborted, a late `connected()` must not start a timer that nothing would clear.
    connected: () => controller.signal.aborted || arm('read', timeouts.readMs),
    clear: () => clearTimeout(timer),
  };
}

/** `promise`, or the signal's reason as soon as it aborts: a sender that ignores its signal still stops. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** The chunks as one array (the only chunk itself when there is one). */
export function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/**
 * The sender over a fetch we do not control: `connect` lasts until the response headers arrive, so a
 * slow server counts as connect. The signal rides on the Request itself, since a caller's wrapper such
 * as `(request) => fetch(request)` drops a second argument, and a timed-out request must be cancelled,
 * not just abandoned; a fetch that ignores it is still raced, and its stream cancelled.
 */
export const fetchAttempt =
  (fetch: FetchLike): Attempt =>
  async ({ method, url, headers, body }, signal, connected, maxBytes) => {
    const response = await raceAbort(fetch(new Request(url, { method, headers, body: body ?? null, signal, redirect: 'manual' })), signal);
    if (typeof response?.status !== 'number') throw new TypeError('fetch did not return a Response');
    connected();
    const reader = response.body?.getReader();
    const cancel = () => void reader?.cancel().catch(() => {});
    const read = async () => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (let chunk; reader && !(chunk = await reader.read()).done; ) {
        if (!(chunk.value instanceof Uint8Array)) throw new TypeError('the response body is not bytes');
        // Counted as the bytes arrive, after any decompression: a small gzip bomb cannot fill memory.
        if ((size += chunk.value.byteLength) > maxBytes) throw new ResponseTooLargeError(maxBytes);
        chunks.push(chunk.value);
      }
      return concat(chunks, size);
    };
    return {
      status: response.status,
      statusText: response.statusText,
      headers: () => response.headers,
      read: () =>
        raceAbort(read(), signal).catch((error: unknown) => {
          cancel();
          throw error;
        }),
      cancel,
    };
  };
