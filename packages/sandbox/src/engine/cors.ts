// Cross-origin calls from web pages (the Fetch standard's CORS protocol). A page that points the docs'
// Try it console, or an application under development, at a sandbox on another origin may read its
// answers when the page's origin is allowed:
//   - any loopback origin (http or https on localhost, 127.x.x.x or [::1], any port): the docs that
//     `pnpm start` serves, and a developer's own pages;
//   - the hosted docs, https://merchant-ordering.github.io;
//   - the origins in the `corsOrigins` option (`--cors-origins`), or every origin with `*`.
// Other sites get no CORS headers, so a browser keeps them from reading a sandbox they happen to reach
// (a shared one on a team's network). The preflight, which carries no credentials, is answered for the
// headers the page asks for, Authorization included; Chromium's Private Network Access preflight is
// allowed too. Every answer varies by Origin, so a cache never hands one origin's answer to another.
import type { SandboxRequest } from './request.js';

/** Where GitHub Pages serves the toolkit's docs (the project site). */
export const HOSTED_DOCS_ORIGIN = 'https://merchant-ordering.github.io';

const LOOPBACK = /^https?:\/\/(localhost|127(\.[0-9]{1,3}){3}|\[::1\])(:[0-9]{1,5})?$/i;
const METHODS = 'GET, HEAD, OPTIONS';
// What a page may read beyond the CORS-safelisted response headers.
const EXPOSED = 'Retry-After, Allow';
const TOKEN_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

export type OriginRule = (origin: string) => boolean;

/** Whether a page's origin may read the sandbox's answers. */
export function allowedOrigins(extra: readonly string[]): OriginRule {
  const listed = new Set(extra);
  if (listed.has('*')) return () => true;
  return (origin) => LOOPBACK.test(origin) || origin === HOSTED_DOCS_ORIGIN || listed.has(origin);
}

/** Whether `value` is an origin as a browser sends it (`https://docs.example.com`, no path), or `*`. */
export function isOrigin(value: unknown): boolean {
  if (value === '*') return true;
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** The CORS headers an answer to `request` carries: `Vary: Origin` always, the rest for an allowed origin. */
export function corsHeaders(request: SandboxRequest, allowed: OriginRule): Record<string, string> {
  const origin = request.header('origin');
  if (origin === null || !allowed(origin)) return { Vary: 'Origin' };
  const headers: Record<string, string> = { Vary: 'Origin', 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED };
  if (request.method !== 'OPTIONS' || request.header('access-control-request-method') === null) return headers;
  // A preflight: the method and headers the page asks for, cached by the browser for ten minutes.
  headers['Access-Control-Allow-Methods'] = METHODS;
  const asked = request.header('access-control-request-headers');
  if (asked && TOKEN_LIST.test(asked)) headers['Access-Control-Allow-Headers'] = asked;
  headers['Access-Control-Max-Age'] = '600';
  if (request.header('access-control-request-private-network') === 'true') headers['Access-Control-Allow-Private-Network'] = 'true';
  return headers;
}
