// A sender over node:http/node:https that knows when the socket connected, so a timeout can say which
// phase ran out: `connect` until the socket (and TLS) is up, `read` from then until the whole body has
// arrived. Only Node resolves `#node-transport` to this file (package.json `imports`).
// The default imports are the module objects: `request` is read from them at call time, so MSW, nock and
// other interceptors, which replace it there, see every request (a named import keeps the original).
import http from 'node:http';
import https from 'node:https';
import { type Attempt, type Head, headersOf } from './attempt.js';
import { ResponseTooLargeError } from './errors.js';

/**
 * The client's own connection pools, kept alive (a TCP and TLS handshake saved per page). An idle
 * connection closes when the server's Keep-Alive hint says or when the server closes it; one that dies
 * as it is reused fails before any header, and is retried. Not http.globalAgent: its 5 s idle timer,
 * re-armed on every request, costs about 3 % of a call (bench item 1). A proxy goes through `fetch`.
 */
const [httpAgent, httpsAgent] = [new http.Agent({ keepAlive: true }), new https.Agent({ keepAlive: true })];

/**
 * Sends `outgoing`: the Request's method and URL, with the loop's headers and the body read once per call.
 * Resolves with the head once it arrives, the body already streaming in. `agent` is for tests.
 */
export function nodeAttempt(...[outgoing, signal, connected, maxBytes, agent]: [...Parameters<Attempt>, http.Agent?]): Promise<Head> {
  return new Promise((resolve, reject) => {
    const {
      request: { method, url },
      body,
    } = outgoing;
    const secure = url.startsWith('https:');
    agent ??= secure ? httpsAgent : httpAgent;
    // The URL as a string: node:http then merges these options, own properties only, into the ones it
    // derives from the URL, so `auth` or `path` set on Object.prototype by another library are not read.
    const sent = (secure ? https : http).request(url, { method, headers: headersOf(outgoing), agent });
    let failBody: ((reason: unknown) => void) | undefined;
    // An abort (a deadline, the caller) destroys the request, and fails the attempt and the body being
    // read whatever the socket reports next: node:http reports nothing for a request destroyed after
    // an answer it did not hand over (a 101), and a promise nothing ends would hold the call for ever.
    signal.addEventListener('abort', () => {
      sent.destroy(signal.reason);
      reject(signal.reason);
      failBody?.(signal.reason);
    });
    // A 101, whatever protocol it names, leaves no HTTP answer to read: a failed attempt, retried as a
    // body cut off after the headers is. (Node skips 102 and 103 itself.)
    const switched = (incoming: http.IncomingMessage, socket: { destroy(): void }) => {
      socket.destroy();
      reject(new Error(`answered ${incoming.statusCode} Switching Protocols to ${incoming.headers.upgrade ?? 'another protocol'}; the API speaks only HTTP`));
    };
    sent.on('upgrade', switched);
    sent.on('socket', (socket) => {
      // A kept-alive socket is already open; a new one reports `connect`, or `secureConnect` after TLS.
      if (sent.reusedSocket) connected();
      else socket.once(secure ? 'secureConnect' : 'connect', connected);
    });
    sent.on('error', reject).on('response', (incoming) => {
      // Without an Upgrade header Node hands a 101 over as an answer: it is the same failed attempt.
      if (incoming.statusCode === 101) return switched(incoming, sent);
      // The body is read from here on, so that no chunk and no error is missed before the loop asks for it.
      const chunks: Buffer[] = [];
      let size = 0;
      const whole = new Promise<string>((done, fail) => {
        failBody = fail;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size <= maxBytes) chunks.push(chunk);
          else {
            fail(new ResponseTooLargeError(maxBytes));
            incoming.destroy();
          }
        });
        incoming.on('end', () => done(Buffer.concat(chunks).toString()));
        // A reset or a cut mid-body: `aborted`, ECONNRESET (after 'end', a no-op).
        incoming.on('error', (error) => fail(signal.aborted ? signal.reason : error));
      });
      whole.catch(() => {}); // a cancelled body's failure is nobody's
      resolve({
        status: incoming.statusCode!,
        // Repeated headers arrive already joined (set-cookie as a list, which Headers joins with commas).
        headers: () => new Headers(incoming.headers as Record<string, string>),
        read: () => whole,
        cancel: () => incoming.destroy(),
      });
    });
    sent.end(body && new Uint8Array(body));
  });
}
