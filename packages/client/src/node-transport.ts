// A fetch-compatible function over node:http/node:https that knows when the socket connected, so a
// timeout can say which phase ran out: `connect` until the socket (and TLS) is up, `read` from then
// until the whole body has arrived. Only Node resolves `#node-transport` to this file (package.json `imports`).
import { type Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { buffer } from 'node:stream/consumers';
import { bufferedResponse, runAttempt } from './attempt.js';
import type { Timeouts } from './transport.js';

/**
 * Sends `request`; resolves with a Response whose body is fully buffered. Rejects with an Error that
 * has `phase` on a timeout, or with the socket's error. `agent` is for tests.
 */
export function nodeFetch(request: Request, timeouts: Timeouts, agent?: Agent): Promise<Response> {
  return runAttempt(request, timeouts, (request, signal, connected) => send(request, signal, connected, agent));
}

async function send(request: Request, signal: AbortSignal, connected: () => void, agent?: Agent): Promise<Response> {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  const incoming = await new Promise<IncomingMessage>((resolve, reject) => {
    // The signal destroys the request when a deadline passes or the caller aborts.
    const outgoing = (secure ? httpsRequest : httpRequest)(url, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      // Undefined: Node's global agents, which keep connections alive (a TCP and TLS handshake saved per
      // page) and close idle ones after 5 s, or sooner when the server's Keep-Alive header asks.
      agent,
      signal,
    });
    outgoing.on('socket', (socket) => {
      // A kept-alive socket is already open; a new one reports `connect`, or `secureConnect` after TLS.
      if (outgoing.reusedSocket) connected();
      else socket.once(secure ? 'secureConnect' : 'connect', connected);
    });
    outgoing.on('error', reject).on('response', resolve).end(body);
  });
  // Repeated headers arrive already joined (set-cookie as a list, which Response joins with commas);
  // a reset or an abort mid-body rejects `buffer`.
  return bufferedResponse(await buffer(incoming), { status: incoming.statusCode!, headers: incoming.headers as Record<string, string> });
}
