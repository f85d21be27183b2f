// Turns the engine's Answer into what a fetch caller gets, on hosts without a socket (in process,
// MSW, a Service Worker). The faults that act on a socket on the node:http host look here exactly as a
// fetch caller sees them there: `reset` is a network error (fetch rejects with a TypeError), `stall`
// is an answer that never comes until the caller aborts or the sandbox closes, and `slow-body` is a
// body that streams in pieces. Abort and close end each of them as they would end a socket.
import { slowPieces, SLOW_BODY, type Answer, type Reply } from './answer.js';
import type { Engine } from './engine.js';

/** What a fetch caller gets for an answer: a Response, or the rejection a socket fault gives. */
export function toResponse(answer: Answer, engine: Engine, signal: AbortSignal): Promise<Response> {
  if (answer.kind === 'reset') return Promise.reject(networkError('the sandbox reset the connection (Sandbox-Fault: reset)', 'ECONNRESET'));
  if (answer.kind === 'stall') return untilAbortedOrClosed(new Promise<never>(() => {}), engine, signal);
  return Promise.resolve(replyResponse(answer, engine, signal));
}

function replyResponse({ status, headers, body, slow }: Reply, engine: Engine, signal: AbortSignal): Response {
  const content = body.length === 0 ? null : slow ? slowStream(body, engine, signal) : body;
  return new Response(content, { status, headers });
}

/** The body in pieces, SLOW_BODY.gapMs apart; an abort or close() errors it, as a socket cut would. */
function slowStream(body: Uint8Array<ArrayBuffer>, engine: Engine, signal: AbortSignal): ReadableStream<Uint8Array> {
  const pieces = slowPieces(body);
  let next = 0;
  let cut: (reason: unknown) => void = () => {};
  const onAbort = () => cut(signal.reason);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      cut = (reason) => {
        signal.removeEventListener('abort', onAbort);
        try {
          controller.error(reason);
        } catch {
          // already closed
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      engine.closed.catch((error: unknown) => cut(networkError('terminated', undefined, error)));
    },
    async pull(controller) {
      if (next > 0) await engine.later(SLOW_BODY.gapMs);
      controller.enqueue(pieces[next++]!);
      if (next === pieces.length) {
        signal.removeEventListener('abort', onAbort);
        controller.close();
      }
    },
    cancel() {
      signal.removeEventListener('abort', onAbort);
    },
  });
}

/** `promise`, unless the caller aborts first (its reason, as fetch rejects) or the sandbox closes (a network error). */
export function untilAbortedOrClosed<T>(promise: Promise<T>, engine: Engine, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    engine.closed.catch((error: unknown) => reject(networkError('the sandbox was closed', undefined, error)));
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A fetch network error as undici shapes one: a TypeError whose cause carries the system code. */
export function networkError(message: string, code?: string, cause?: unknown): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message, { cause }), code ? { code } : {}) });
}
