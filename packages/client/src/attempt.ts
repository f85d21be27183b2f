// One attempt of a request: what a sender (the node:http transport, or a fetch we do not control) gives
// back once the response headers are in, the attempt's deadlines, and the Response handed to
// openapi-fetch, whose body is read once, as it arrives, under the same deadlines, abort and size cap.
import { ResponseTooLargeError } from './errors.js';

/** A response's head with its body still to come; `status` 0 is a browser's opaque redirect. */
export interface Head {
  status: number;
  statusText: string;
  headers: Headers;
  body: BodyReader | null;
}

/** The part of a ReadableStream reader the client uses, so node:http's stream needs no Web stream in between. */
export interface BodyReader {
  read(): Promise<{ done?: boolean | undefined; value?: Uint8Array | undefined }>;
  cancel(reason?: unknown): unknown;
}

/**
 * Sends `request`, stops when `signal` aborts, and calls `connected()` when the connect phase ends.
 * `signalled`: the Request was built on `signal` already (a fetch then needs no copy of it).
 * Resolves once the headers are in; the body is read later, through the Head's reader.
 */
export type Attempt = (request: Request, signal: AbortSignal, connected: () => void, signalled?: boolean) => Promise<Head>;

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

/**
 * The body of the response that ends the call, read once, as it arrives: an abort of `signal` (a
 * deadline, the caller) fails the read at once, even if the sender ignores the signal, and cancels the
 * sender's stream so no socket stays open. `finish` runs once, when the body ends or fails; a failure
 * reaches the reader as `convert` makes it: one of the client's errors. Past `maxBytes`, reading fails
 * with a ResponseTooLargeError and the rest is never read.
 */
export function guardBody(source: BodyReader, signal: AbortSignal, finish: () => void, convert: (error: unknown) => Error, maxBytes: number): BodyReader {
  let open = true;
  let bytes = 0;
  const stop = (reason?: unknown) => {
    if (!open) return;
    open = false;
    signal.removeEventListener('abort', onAbort);
    finish();
    if (reason !== undefined) Promise.resolve(source.cancel(reason)).catch(() => {});
  };
  const onAbort = () => stop(signal.reason);
  signal.addEventListener('abort', onAbort);
  return {
    async read() {
      try {
        // An abort cancels the source (below), which settles a pending read; the read then fails here.
        const chunk = await source.read();
        if (signal.aborted) throw signal.reason;
        if (chunk.done) stop();
        // Counted as the bytes arrive, after any decompression: a small gzip bomb cannot fill memory.
        else if ((bytes += chunk.value?.byteLength ?? 0) > maxBytes) throw new ResponseTooLargeError(maxBytes);
        return chunk;
      } catch (error) {
        stop(error ?? 'failed');
        throw convert(signal.aborted ? signal.reason : error);
      }
    },
    cancel: (reason) => stop(reason ?? 'cancelled'),
  };
}

/** What `client.raw` hands openapi-fetch: the head, over a stream that pulls from the guarded body. */
export function streamedResponse(body: BodyReader | null, head: Head): Response {
  const stream =
    body &&
    new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await body.read();
          if (done) controller.close();
          else if (value) controller.enqueue(value);
        },
        cancel: (reason) => void body.cancel(reason),
      },
      { highWaterMark: 0 },
    );
  return new Response(stream, head);
}

/** The whole body as text, read once from the guarded reader. */
export async function readText(body: BodyReader | null | undefined): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for (let chunk; body && !(chunk = await body.read()).done; ) text += decoder.decode(chunk.value, { stream: true });
  return text + decoder.decode();
}
