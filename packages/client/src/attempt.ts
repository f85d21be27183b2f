// One attempt of a request under per-phase deadlines, shared by the node:http transport and by a fetch
// we do not control. Only the moment the connect phase ends differs between the two, so `send` reports it.
import type { Timeouts } from './transport.js';

export type Phase = 'connect' | 'read';

/**
 * Sends `request` with `send`, which must resolve with a fully read response, stop when `signal`
 * aborts, and call `connected()` when the connect phase ends. A deadline rejects with an Error carrying
 * `phase` and aborts `signal`; it races `send`, so even a sender that ignores its signal times out.
 * The request is passed on as it is: a new Request per attempt would cost more than the call itself.
 */
export function runAttempt(
  request: Request,
  timeouts: Timeouts,
  send: (request: Request, signal: AbortSignal, connected: () => void) => Promise<Response>,
): Promise<Response> {
  const controller = new AbortController();
  // The caller's abort stops the attempt too (a listener is far cheaper than AbortSignal.any).
  const forwardAbort = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', forwardAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<Response>((resolve, reject) => {
    const arm = (phase: Phase, ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const error = Object.assign(new Error(`${phase} timed out after ${ms} ms`), { phase });
        controller.abort(error);
        reject(error);
      }, ms);
    };
    arm('connect', timeouts.connectMs);
    // Once aborted, a late `connected()` must not start a timer that nothing would clear.
    const connected = () => controller.signal.aborted || arm('read', timeouts.readMs);
    send(request, controller.signal, connected).then(resolve, reject);
  }).finally(() => {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', forwardAbort);
  });
}

/** A response over an already read body; the statuses that forbid a body get none. */
export function bufferedResponse(body: BodyInit, init: ResponseInit & { status: number }): Response {
  return new Response([204, 205, 304].includes(init.status) ? null : body, init);
}
