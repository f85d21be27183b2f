// A fetch-compatible function over node:http/node:https that knows when the socket connected, so a
// timeout can say which phase ran out: `connect` until the socket (and TLS) is up, `read` from then
// until the whole body has arrived. Only loaded on Node (see package.json `imports`).
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Timeouts } from './transport.js';

// Keep-alive saves a TCP and TLS handshake per page when iterating. Idle sockets close after 4 s,
// before the common 5 s server keep-alive, so a socket is rarely reused just as the server drops it.
let agents: Record<string, HttpAgent> | undefined;

/**
 * Sends `request`; resolves with a Response whose body is fully buffered. Rejects with an Error that
 * has `phase` on a timeout, or with the socket's error. `agent` is for tests.
 */
export async function nodeFetch(request: Request, timeouts: Timeouts, agent?: HttpAgent): Promise<Response> {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  agents ??= { 'http:': new HttpAgent({ keepAlive: true, timeout: 4000 }), 'https:': new HttpsAgent({ keepAlive: true, timeout: 4000 }) };
  return new Promise((resolve, reject) => {
    let phase = 'connect';
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = (error?: unknown, response?: Response) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      if (response) return resolve(response);
      outgoing.destroy();
      reject(error);
    };
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => settle(Object.assign(new Error(`${phase} timed out after ${ms} ms`), { phase })), ms);
    };
    const onAbort = () => settle(request.signal.reason);
    const outgoing = (secure ? httpsRequest : httpRequest)(url, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      agent: agent ?? agents![url.protocol],
    });
    arm(timeouts.connectMs);
    request.signal.addEventListener('abort', onAbort);
    outgoing.on('socket', (socket) => {
      const connected = () => {
        phase = 'read';
        arm(timeouts.readMs);
      };
      // A kept-alive socket is already open; a new one reports `connect`, or `secureConnect` after TLS.
      if (outgoing.reusedSocket) connected();
      else socket.once(secure ? 'secureConnect' : 'connect', connected);
    });
    outgoing.on('error', settle);
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', settle);
      incoming.on('end', () => {
        try {
          const headers = new Headers();
          for (let i = 0; i < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
          const status = incoming.statusCode!;
          settle(undefined, new Response([204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }));
        } catch (error) {
          settle(error);
        }
      });
    });
    outgoing.end(body);
  });
}
