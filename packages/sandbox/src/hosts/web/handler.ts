// The engine as a fetch handler, `(request) => Promise<Response>`: the one web face that the
// in-process fetch, the MSW handlers and the Service Worker share. It logs each request the engine
// answers, even one whose caller has stopped waiting, as the node:http host does.
import type { Engine } from '../../engine/engine.js';
import { logRequest, type RequestLog } from '../../engine/request-log.js';
import { readWebRequest } from './request.js';
import { networkError, toResponse, untilAbortedOrClosed, type Delivery } from './response.js';

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * @param options.log instead of the engine's own log (the Service Worker also posts each entry to its page)
 * @param options.delivery who gets the Response: the caller's fetch, or an HTTP server (response.ts)
 */
export function webHandler(
  engine: Engine,
  { log = engine.log, basePath = '/', delivery = 'fetch' }: { log?: RequestLog | undefined; basePath?: string; delivery?: Delivery } = {},
): FetchHandler {
  // The requests waiting on their answer, held so that their signals still abort: a Request follows
  // the caller's signal only while it lives (undici holds it weakly), and nothing else may hold it
  // while an answer is delayed or stalled. A slow body's stream holds its own Request.
  const waiting = new Set<Request>();
  return async (request) => {
    const { signal } = request;
    if (signal.aborted) throw signal.reason;
    if (engine.isClosed()) throw networkError('the sandbox is closed', 'ECONNREFUSED');
    const started = performance.now();
    const read = readWebRequest(request, basePath);
    const answering = engine.answer(read).then((answer) => {
      logRequest(log, request.method, read.target, answer.kind === 'reply' ? answer.status : answer.kind, started);
      return answer;
    });
    waiting.add(request);
    try {
      return await toResponse(await untilAbortedOrClosed(answering, engine, signal), engine, request, delivery);
    } finally {
      waiting.delete(request);
    }
  };
}
