// Reads a web `Request` into the sandbox's terms (engine/request.ts). Headers.get already joins a repeated
// header as the rules expect; the URL is the one the caller's fetch parsed. Under a base path (a
// Service Worker's `/docs/sandbox/`, an MSW base URL with a path), the rules see the path below it.
import type { SandboxRequest } from '../../engine/request.js';

/** @param basePath where the sandbox is mounted, with a trailing slash; `request.url`'s path starts with it. */
export function readWebRequest(request: Request, basePath = '/'): SandboxRequest {
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  if (basePath !== '/') url.pathname = url.pathname.slice(basePath.length - 1);
  return { method: request.method, url, target, header: (name) => request.headers.get(name) };
}
