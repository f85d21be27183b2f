// Serves a built static site (the docs) from one folder over node:http. Used by `pnpm start`, the docs
// browser test and the benchmarks, so all of them see the site exactly as a static host would serve it.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  // RFC 9512; browsers download it rather than guess at rendering it.
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/**
 * The Content-Type the server sends for a file name.
 * @param {string} fileName
 */
export function contentTypeFor(fileName) {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a request path to a file inside `root`, or returns null when it would leave `root` (`..`,
 * encoded slashes, NUL bytes, or a symlink pointing outside). `/` and folders map to `index.html`.
 * @param {string} root
 * @param {string} requestPath
 * @returns {Promise<string | null>}
 */
export async function resolveRequestPath(root, requestPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const realRoot = await realpath(root);
  let candidate = resolve(realRoot, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (!isInside(realRoot, candidate)) return null;
  try {
    if ((await stat(candidate)).isDirectory()) candidate = join(candidate, 'index.html');
    const real = await realpath(candidate);
    return isInside(realRoot, real) && (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} root
 * @param {string} path
 */
function isInside(root, path) {
  return path === root || path.startsWith(root + sep);
}

/**
 * @param {{ root: string, port?: number, host?: string, prefix?: string }} options  port 0 (the default)
 *   picks a free one. `prefix` serves the site under a sub-path, as GitHub Pages serves a project site
 *   (`/<repo>/`): only paths under it resolve, and the prefix without its slash redirects to it.
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}  `url` is the site's
 *   root: the origin without a prefix, `origin/<prefix>/` with one.
 */
export async function serveStatic({ root, port = 0, host = '127.0.0.1', prefix = '' }) {
  const base = normalisePrefix(prefix);
  const server = createServer((request, response) => {
    respond(root, base, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Internal Server Error\n');
    });
  });

  await new Promise((/** @type {(value?: void) => void} */ listening, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      listening();
    });
  });
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    url: `http://${host}:${actualPort}${base ? `${base}/` : ''}`,
    port: actualPort,
    close: () =>
      new Promise((/** @type {(value?: void) => void} */ closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

/**
 * '' for none; otherwise '/segment[/segment]' with no trailing slash.
 * @param {string} prefix
 */
function normalisePrefix(prefix) {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  if (trimmed && !/^[\w.~-]+(\/[\w.~-]+)*$/.test(trimmed)) throw new Error(`prefix ${JSON.stringify(prefix)} is not a plain URL path`);
  return trimmed ? `/${trimmed}` : '';
}

/**
 * @param {string} root
 * @param {string} base
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
async function respond(root, base, request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Method Not Allowed\n');
    return;
  }
  const { pathname, search } = new URL(request.url ?? '/', 'http://localhost');
  if (base && pathname === base) {
    // As GitHub Pages does: the folder's URL without its slash redirects to it.
    response.writeHead(301, { Location: `${base}/${search}`, 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Moved Permanently\n');
    return;
  }
  const inside = !base || pathname.startsWith(`${base}/`);
  const file = inside ? await resolveRequestPath(root, pathname.slice(base.length)) : null;
  if (!file) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Not Found\n');
    return;
  }
  const { size } = await stat(file);
  response.writeHead(200, {
    'Content-Type': contentTypeFor(file),
    'Content-Length': size,
    // The site is rebuilt in place while developing; never serve a stale page.
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}
