// What the engine answers a request with, before any host turns it into bytes on a socket or a web
// `Response`: a reply (status, headers, body), or a fault that needs the host's own means (`reset`,
// `stall`). A reply's headers are complete, Content-Length included; the engine empties a HEAD
// reply's body, keeping the Content-Length of the GET.
import { errorBody, SandboxHttpError } from './errors.js';

export interface Reply {
  kind: 'reply';
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  /** `Sandbox-Fault: slow-body`: the host sends the body in SLOW_BODY.pieces pieces, SLOW_BODY.gapMs apart. */
  slow: boolean;
}

export type Answer = Reply | { kind: 'reset' } | { kind: 'stall' };

export const SLOW_BODY = { pieces: 10, gapMs: 100 } as const;

const utf8 = new TextEncoder();

export function reply(status: number, type: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}): Reply {
  const bytes = typeof body === 'string' ? utf8.encode(body) : body;
  return { kind: 'reply', status, headers: { 'Content-Type': type, ...headers, 'Content-Length': String(bytes.length) }, body: bytes, slow: false };
}

/** The documented Error body for a SandboxHttpError; anything else is the service's generic 500. */
export function errorReply(error: unknown): Reply {
  const known = error instanceof SandboxHttpError ? error : new SandboxHttpError(500, 'error', 'An unexpected error occurred.');
  return reply(known.status, 'application/json', JSON.stringify(errorBody(known)), known.headers);
}

/** The body in the pieces that `slow-body` sends, about a tenth each. */
export function slowPieces(body: Uint8Array<ArrayBuffer>): Array<Uint8Array<ArrayBuffer>> {
  const size = Math.ceil(body.length / SLOW_BODY.pieces);
  const pieces: Array<Uint8Array<ArrayBuffer>> = [];
  for (let start = 0; start < body.length; start += size) pieces.push(body.subarray(start, start + size));
  return pieces;
}
