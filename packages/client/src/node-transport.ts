// A sender over node:http/node:https that knows when the socket connected, so a timeout can say which
// phase ran out: `connect` until the socket (and TLS) is up, `read` from then until the whole body has
// arrived. Only Node resolves `#node-transport` to this file (package.json `imports`).
import { type Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Attempt, Head } from './attempt.js';

/** Sends `request`; resolves with the head once it arrives, the body to be read from the socket. `agent` is for tests. */
export async function nodeAttempt(...[request, signal, connected, , agent]: [...Parameters<Attempt>, Agent?]): Promise<Head> {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  const incoming = await new Promise<IncomingMessage>((resolve, reject) => {
    // The signal destroys the request, and the response being read, when a deadline passes or the caller aborts.
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
  const chunks = incoming[Symbol.asyncIterator]();
  return {
    status: incoming.statusCode!,
    statusText: incoming.statusMessage ?? '',
    // Repeated headers arrive already joined (set-cookie as a list, which Headers joins with commas).
    headers: new Headers(incoming.headers as Record<string, string>),
    // A reset or an abort mid-body rejects `read`; `cancel` frees the socket of a response nobody reads.
    body: { read: () => chunks.next() as Promise<IteratorResult<Uint8Array>>, cancel: () => incoming.destroy() },
  };
}
