// The engine as a fetch handler, `(request) => Promise<Response>`: the one web face that the
// in-process fetch, the MSW handlers and the Service Worker share. It logs each request the engine
// answers, even one whose caller has stopped waiting, as the node:http host does.
import type { Engine } from './engine.js';
import { logRequest, type RequestLog } from './request-log.js';
import { readWebRequest } from './web-request.js';
import { networkError, toResponse, untilAbortedOrClosed } from './web-response.js';

export type FetchHandler = (request: Request) => Promise<Response>;

/** @param options.log instead of the engine's own log (the Service Worker also posts each entry to its page) */
export function webHandler(engine: Engine, { log = engine.log, basePath = '/' }: { log?: RequestLog | undefined; basePath?: string } = {}): FetchHandler {
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
    return toResponse(await untilAbortedOrClosed(answering, engine, signal), engine, signal);
  };
}
