// Reads a node:http request into the sandbox's terms (engine/request.ts), so that the rules see what any
// other host would show them. Node's own `req.headers` keeps only the first of a repeated
// Authorization, so headers are read from `rawHeaders` and joined as Fetch joins them.
import type { IncomingMessage } from 'node:http';
import { SandboxHttpError } from '../../engine/errors.js';
import type { SandboxRequest } from '../../engine/request.js';

/** Throws 400 for a request no other host could be given: a target that is not a path or an http(s) URL, or several Host lines. */
export function readNodeRequest(req: IncomingMessage): SandboxRequest {
  const lines = new Map<string, string>();
  const raw = req.rawHeaders;
  for (let at = 0; at < raw.length; at += 2) {
    const name = raw[at]!.toLowerCase();
    const before = lines.get(name);
    lines.set(name, before === undefined ? raw[at + 1]! : `${before}, ${raw[at + 1]}`);
  }
  const header = (name: string) => lines.get(name) ?? null;
  // RFC 9112, section 3.2: more than one Host line is answered with 400.
  if (header('host')?.includes(',')) throw badRequest('Host must be sent once.');
  const target = req.url ?? '';
  return { method: req.method ?? 'GET', url: targetUrl(target), target, header };
}

/**
 * The request target (RFC 9112, section 3.2) as a URL. Origin form is always a path: `//host/x` is the
 * path `//host/x`, never another host. Absolute form (`http://host:port/v2/payments`), which servers
 * must accept, is served whatever its authority, as every host of the sandbox answers by path.
 */
export function targetUrl(target: string): URL {
  if (target.startsWith('/')) return new URL(`http://sandbox.invalid${target}`);
  if (/^https?:\/\//i.test(target)) {
    let url: URL | undefined;
    try {
      url = new URL(target);
    } catch {
      // reported below
    }
    // RFC 9110, section 4.2.4: user information in a target is an error (it disguises the authority).
    if (url && !url.username && !url.password) return url;
  }
  throw badRequest('The request target must be a path (/v2/payments) or an absolute http URL.');
}

const badRequest = (message: string) => new SandboxHttpError(400, 'bad_request', message);
