// Turns the engine's Answer into a web Response, for the hosts without a socket of their own. The
// faults that act on a socket on the node:http host look the same to a fetch caller:
//   - in process, MSW and a Service Worker, where the caller's fetch gets what this returns: `reset`
//     is a network error (fetch rejects with a TypeError), `stall` an answer that never comes until
//     the caller aborts or the sandbox closes;
//   - behind an HTTP server that sends the Response itself (Deno.serve, Bun.serve, an edge runtime),
//     which cannot reset: `reset` is a body that fails at once, which such a server answers by cutting
//     the connection (workerd before sending anything), and `stall` keeps a timer running, or the
//     runtime would take the worker for hung.
// `slow-body` is a body that streams in pieces on both. Abort and close end each as they end a socket.
import { slowPieces, SLOW_BODY, type Answer, type Reply } from '../../engine/answer.js';
import type { Engine } from '../../engine/engine.js';

/** `fetch`: the caller's fetch gets the Response; `http`: an HTTP server sends it on. */
export type Delivery = 'fetch' | 'http';

// How often a stall behind an HTTP server shows the runtime that it still waits on something.
const STALL_TICK_MS = 10_000;

/** What a fetch caller gets for an answer to `request`: a Response, or the rejection a socket fault gives. */
export function toResponse(answer: Answer, engine: Engine, request: Request, delivery: Delivery = 'fetch'): Promise<Response> {
  const { signal } = request;
  if (answer.kind === 'reset') {
    if (delivery === 'http')
      return Promise.resolve(new Response(new ReadableStream({ start: (controller) => controller.error(new Error('Sandbox-Fault: reset')) })));
    return Promise.reject(networkError('the sandbox reset the connection (Sandbox-Fault: reset)', 'ECONNRESET'));
  }
  if (answer.kind === 'stall') return untilAbortedOrClosed(delivery === 'http' ? ticking(engine) : new Promise<never>(() => {}), engine, signal);
  return Promise.resolve(replyResponse(answer, engine, request));
}

/** Never settles; a timer always runs meanwhile, until the engine closes. */
async function ticking(engine: Engine): Promise<never> {
  for (;;) await engine.later(STALL_TICK_MS);
}

function replyResponse({ status, headers, body, slow }: Reply, engine: Engine, request: Request): Response {
  const content = body.length === 0 ? null : slow ? slowStream(body, engine, request) : body;
  return new Response(content, { status, headers });
}

/**
 * The body in pieces, SLOW_BODY.gapMs apart; an abort or close() errors it, as a socket cut would. The
 * stream holds `request` while it runs, so that its signal still follows the caller's.
 */
function slowStream(body: Uint8Array<ArrayBuffer>, engine: Engine, request: Request): ReadableStream<Uint8Array> {
  const { signal } = request;
  const pieces = slowPieces(body);
  let next = 0;
  let cut: (reason: unknown) => void = () => {};
  let stopWaiting = () => {};
  const onAbort = () => cut(signal.reason);
  const done = () => {
    signal.removeEventListener('abort', onAbort);
    stopWaiting();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      cut = (reason) => {
        done();
        try {
          controller.error(reason);
        } catch {
          // already closed
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      stopWaiting = engine.onClose(() => cut(networkError('terminated')));
    },
    async pull(controller) {
      if (request.signal.aborted) return; // already errored by onAbort; reading `request` here keeps it alive
      if (next > 0) await engine.later(SLOW_BODY.gapMs);
      controller.enqueue(pieces[next++]!);
      if (next === pieces.length) {
        done();
        controller.close();
      }
    },
    cancel: done,
  });
}

/** `promise`, unless the caller aborts first (its reason, as fetch rejects) or the sandbox closes (a network error). */
export function untilAbortedOrClosed<T>(promise: Promise<T>, engine: Engine, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    const stopWaiting = engine.onClose(() => reject(networkError('the sandbox was closed')));
    promise.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
      stopWaiting();
    });
  });
}

/** A fetch network error as undici shapes one: a TypeError whose cause carries the system code. */
export function networkError(message: string, code?: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), code ? { code } : {}) });
}
