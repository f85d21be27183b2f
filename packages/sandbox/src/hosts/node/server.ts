// The node:http host (`startSandbox`, the bin): a thin adapter over the engine. What it adds is what
// only a socket has: the request target and header lines as sent (request.ts: the absolute form,
// two Host lines refused), one answer at a time per connection (connection-queue.ts), and the faults
// that act on the socket itself: `reset` destroys it, `stall` leaves it unanswered until close(), and
// `slow-body` writes the body in pieces. What node:http's parser refuses (a method not in upper case,
// a request head over 16 KiB) is answered with the engine's reply for the same rule.
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { slowPieces, SLOW_BODY, type Answer, type Reply } from '../../engine/answer.js';
import type { Credentials } from '../../engine/auth.js';
import { answerInOrder } from './connection-queue.js';
import type { Payment } from '../../engine/dataset.js';
import { DEFAULT_CREDENTIALS, DEFAULT_CURRENCY, DEFAULT_PAYMENTS, DEFAULT_SEED } from '../../engine/defaults.js';
import { createEngine, type Engine } from '../../engine/engine.js';
import { headTooLarge, MAX_HEAD_BYTES, SandboxHttpError, unknownMethod } from '../../engine/errors.js';
import { readNodeRequest } from './request.js';
import { DEFAULT_HOST } from './options.js';
import { logRequest } from '../../engine/request-log.js';
import { fail, SandboxOptionError, type SandboxOptions } from '../../engine/settings.js';

export { DEFAULT_CREDENTIALS, DEFAULT_CURRENCY, DEFAULT_PAYMENTS, DEFAULT_SEED, SandboxOptionError, type SandboxOptions };

export interface Sandbox {
  /** `http://<host>:<port>`, no trailing slash. */
  url: string;
  port: number;
  credentials: Readonly<Credentials>;
  /** A copy of the payments as they are now (the dataset plus any inserted). */
  payments(): Payment[];
  /** Stops listening, ends every connection (stalled ones too) and pending timer. */
  close(): Promise<void>;
}

/** Starts a sandbox; resolves once it listens. Rejects with the listen error (code EADDRINUSE for a busy port). */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const port = options.port ?? 0;
  const host = options.host ?? DEFAULT_HOST;
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail('port', 'must be an integer from 0 to 65535 (0 picks a free port)');
  if (typeof host !== 'string') fail('host', 'must be a host name or an IP address');
  const engine = createEngine(options);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await engine.answer(readNodeRequest(req));
    } catch (refusal) {
      answer = engine.refused(refusal, req.method ?? ''); // a target or Host lines no other host could be given
    }
    logRequest(engine.log, req.method ?? '', req.url ?? '', answer.kind === 'reply' ? answer.status : answer.kind, started);
    if (answer.kind === 'reset') return void req.socket.destroy();
    if (answer.kind === 'stall') return; // accepted, never answered; close() ends it
    await send(res, answer, engine);
  }

  const inOrder = answerInOrder((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  const server = createServer({ maxHeaderSize: MAX_HEAD_BYTES }, inOrder.listener);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => refuseUnparsed(error, socket, engine));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    credentials: engine.credentials,
    payments: engine.payments,
    close() {
      closing ??= new Promise<void>((resolve) => {
        void engine.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function send(res: ServerResponse, { status, headers, body, slow }: Reply, engine: Engine) {
  res.writeHead(status, headers);
  if (!slow || body.length === 0) return void res.end(body);
  // slow-body: the headers at once, then the body in pieces over about a second.
  for (const [at, piece] of slowPieces(body).entries()) {
    if (at > 0) await engine.later(SLOW_BODY.gapMs);
    if (res.destroyed) return;
    res.write(piece);
  }
  res.end();
}

const answeredUnparsed = new WeakSet<Socket>();

/**
 * Answers a request node:http's parser refused, as Node does (only where nothing was written yet, then
 * the connection closes), with the engine's body. The socket reads on until the client stops sending,
 * so the answer is not lost to a reset while a long request is still arriving.
 */
function refuseUnparsed(error: NodeJS.ErrnoException, socket: Socket, engine: Engine) {
  if (answeredUnparsed.has(socket)) return;
  answeredUnparsed.add(socket);
  if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) return void socket.destroy();
  const started = performance.now();
  const refusal =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? headTooLarge()
      : error.code === 'HPE_INVALID_METHOD'
        ? unknownMethod()
        : new SandboxHttpError(400, 'bad_request', 'The request is not valid HTTP/1.1.');
  const { status, headers, body } = engine.refused(refusal, '');
  const [method = '', target = ''] = (error as { rawPacket?: Buffer }).rawPacket?.toString('latin1').split('\r\n', 1)[0]?.split(' ') ?? [];
  logRequest(engine.log, method, target, status, started);
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), 'Connection: close'];
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]));
  socket.resume();
  setTimeout(() => socket.destroy(), 1000).unref();
}
