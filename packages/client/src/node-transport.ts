// A sender over node:http/node:https that knows when the socket connected, so a timeout can say which
// phase ran out: `connect` until the socket (and TLS) is up, `read` from then until the whole body has
// arrived. Only Node resolves `#node-transport` to this file (package.json `imports`).
import { type Agent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Attempt, Head } from './attempt.js';
import { ResponseTooLargeError } from './errors.js';

/** Sends `outgoing`; resolves with the head once it arrives, the body already streaming in. `agent` is for tests. */
export function nodeAttempt(...[{ method, url, headers, body }, signal, connected, maxBytes, agent]: [...Parameters<Attempt>, Agent?]): Promise<Head> {
  return new Promise((resolve, reject) => {
    const secure = url.startsWith('https:');
    // The URL as a string: node:http then merges these options, own properties only, into the ones it
    // derives from the URL, so `auth` or `path` set on Object.prototype by another library are not read.
    // Undefined agent: Node's global agents, which keep connections alive (a TCP and TLS handshake
    // saved per page) and close idle ones after 5 s.
    const outgoing = (secure ? httpsRequest : httpRequest)(url, { method, headers, agent });
    // An abort (a deadline, the caller) destroys the request, and the response being read with it.
    signal.addEventListener('abort', () => outgoing.destroy(signal.reason));
    outgoing.on('socket', (socket) => {
      // A kept-alive socket is already open; a new one reports `connect`, or `secureConnect` after TLS.
      if (outgoing.reusedSocket) connected();
      else socket.once(secure ? 'secureConnect' : 'connect', connected);
    });
    outgoing.on('error', reject).on('response', (incoming) => {
      // The body is read from here on, so that no chunk and no error is missed before the loop asks for it.
      const chunks: Buffer[] = [];
      let size = 0;
      const whole = new Promise<string>((done, fail) => {
        const failWith = (error: unknown) => fail(signal.aborted ? signal.reason : error);
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size <= maxBytes) chunks.push(chunk);
          else {
            fail(new ResponseTooLargeError(maxBytes));
            incoming.destroy();
          }
        });
        incoming.on('end', () => done(Buffer.concat(chunks).toString()));
        // A reset or a cut mid-body (`aborted`, ECONNRESET), or the abort above; after 'end', a no-op.
        incoming.on('error', failWith);
        incoming.on('close', () => incoming.complete || failWith(new Error('the connection closed mid-body')));
      });
      whole.catch(() => {}); // a cancelled body's failure is nobody's
      resolve({
        status: incoming.statusCode!,
        statusText: incoming.statusMessage!,
        // Repeated headers arrive already joined (set-cookie as a list, which Headers joins with commas).
        headers: () => new Headers(incoming.headers as Record<string, string>),
        read: () => whole,
        cancel: () => incoming.destroy(),
      });
    });
    outgoing.end(body && new Uint8Array(body));
  });
}
