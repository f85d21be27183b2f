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
 * Races what an attempt waits for (the fetch, then the body) with the attempt's abort, so a fetch that
 * ignores its signal still stops. The listener is never removed (removing one costs more than the rest
 * of the race), and holds nothing once `end()` is called: undici's Request keeps the signal, and so
 * the listener, until the collector has seen the Request go, and whatever the listener held would
 * outlive the young generation with it.
 */
class AbortRace {
  readonly #signal: AbortSignal;
  #reject: ((reason: unknown) => void) | undefined;
  constructor(signal: AbortSignal) {
    this.#signal = signal;
    signal.addEventListener('abort', this);
  }
  handleEvent(): void {
    this.#reject?.(this.#signal.reason);
  }
  run<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Aborted between the fetch and the body: the event has been and gone.
      if (this.#signal.aborted) reject(this.#signal.reason);
      this.#reject = reject;
      work.then(resolve, reject);
    });
  }
  end(): void {
    this.#reject = undefined;
  }
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
    // Before the fetch starts listening: an abort rejects with the attempt's own reason (a deadline's phase).
    const aborted = new AbortRace(signal);
    // One Request per attempt, from openapi-fetch's: the attempt's signal and the loop's headers, never a redirect followed.
    const sent = new Request(request, body ? { signal, redirect: 'manual', body } : { signal, redirect: 'manual' });
    for (const name of Object.keys(added)) sent.headers.set(name, added[name]!);
    let response: Response;
    try {
      response = await aborted.run(fetch(sent));
      if (typeof response?.status !== 'number') throw new TypeError('fetch did not return a Response');
    } catch (error) {
      aborted.end();
      throw error;
    }
    connected();
    const reader = response.body?.getReader();
    const cancel = () => {
      aborted.end();
      void reader?.cancel().catch(() => {});
    };
    return {
      response,
      status: response.status,
      headers: () => response.headers,
      read: () =>
        aborted.run(reader ? readText(reader, maxBytes) : Promise.resolve('')).then(
          (text) => {
            aborted.end();
            return text;
          },
          (error: unknown) => {
            cancel();
            throw error;
          },
        ),
      cancel,
    };
  };

/** For a body that arrives in one chunk, the usual case: decoded whole, without a decoder's streaming state. */
const utf8 = new TextDecoder();

/** The body as text, its size counted as the bytes arrive, after any decompression: a small gzip bomb cannot fill memory. */
async function readText(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<string> {
  let first: Uint8Array | undefined;
  let decoder: TextDecoder | undefined;
  let text = '';
  let size = 0;
  for (let chunk; !(chunk = await reader.read()).done; ) {
    const { value } = chunk;
    // A chunk that is not bytes is a TypeError, as TextDecoder would throw: a failed attempt.
    if (!ArrayBuffer.isView(value) && !((value as unknown) instanceof ArrayBuffer)) throw new TypeError('the body is not a stream of bytes');
    if ((size += value.byteLength) > maxBytes) throw new ResponseTooLargeError(maxBytes);
    if (!first) first = value;
    else {
      // A second chunk: decoded as a stream from here on, a character split between chunks kept whole.
      if (!decoder) text = (decoder = new TextDecoder()).decode(first, { stream: true });
      text += decoder.decode(value, { stream: true });
    }
  }
  return decoder ? text + decoder.decode() : first ? utf8.decode(first) : '';
}
