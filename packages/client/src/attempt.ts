// One attempt of a request under per-phase deadlines, shared by the node:http transport and by a fetch
// we do not control. Only the moment the connect phase ends differs between the two, so `send` reports it.
import type { Timeouts } from './transport.js';

export type Phase = 'connect' | 'read';

/**
 * Sends `request` with `send`, which must resolve with a fully read response and call `connected()`
 * when the connect phase ends. A deadline rejects with an Error carrying `phase` and aborts the signal
 * `send` was given; it races `send`, so even a sender that ignores its signal times out.
 */
export function runAttempt(
  request: Request,
  timeouts: Timeouts,
  send: (request: Request, connected: () => void) => Promise<Response>,
): Promise<Response> {
  const controller = new AbortController();
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
    const signal = AbortSignal.any([request.signal, controller.signal]); // the caller's abort, or a deadline
    send(new Request(request, { signal }), connected).then(resolve, reject);
  }).finally(() => clearTimeout(timer));
}

/** A response over an already read body; the statuses that forbid a body get none. */
export function bufferedResponse(body: BodyInit, init: ResponseInit & { status: number }): Response {
  return new Response([204, 205, 304].includes(init.status) ? null : body, init);
}
