// @merchant-ordering/sandbox/msw: the sandbox as MSW request handlers, for tests and browser apps that
// already mock with MSW: `setupServer(...createHandlers())` (msw/node, no port) or
// `setupWorker(...createHandlers())` (the browser). The handlers answer every request to the API's
// production and sandbox hosts (api-hosts.ts) and to any base URL given, by the path below it, with the
// same engine as every other host. `reset` and a closed sandbox are MSW's network error.
import { http, type RequestHandler } from 'msw';
import { API_BASE_URLS } from './api-hosts.js';
import { engineOf, openSandbox, type InProcessSandbox } from './in-process.js';
import { fail, type SandboxOptions } from '../../engine/settings.js';
import { webHandler } from './handler.js';

export { API_BASE_URLS };
export type { InProcessSandbox, SandboxOptions };

export interface HandlersOptions extends SandboxOptions {
  /** More base URLs to answer under (`http://localhost:3000/api/`), besides the API's own hosts. */
  baseUrl?: string | readonly string[];
  /** A sandbox from createSandbox() to answer with (its payments() and close() stay yours); then give no other option but baseUrl. */
  sandbox?: InProcessSandbox;
}

/** MSW handlers for the sandbox, one per base URL; throws SandboxOptionError for a bad option. */
export function createHandlers(options: HandlersOptions = {}): RequestHandler[] {
  const { baseUrl = [], sandbox: given, ...sandboxOptions } = options;
  if (given && Object.keys(sandboxOptions).length) fail('sandbox', 'give either a sandbox or the options to make one, not both');
  const engine = engineOf(given ?? openSandbox(sandboxOptions));
  const bases = new Set([...API_BASE_URLS, ...(typeof baseUrl === 'string' ? [baseUrl] : baseUrl).map(checkedBase)]);
  return [...bases].map((base) => {
    const handle = webHandler(engine, { basePath: new URL(base).pathname });
    return http.all(
      ({ request }) => request.url.startsWith(base),
      // A network error for what a socket would have cut (reset, close(), an abort): MSW answers an
      // exception thrown here with a 500 of its own, which the service never sends.
      ({ request }) => handle(request).catch(() => Response.error()),
    );
  });
}

function checkedBase(value: unknown): string {
  let url: URL | undefined;
  try {
    url = new URL(String(value));
  } catch {
    // reported below
  }
  if (typeof value !== 'string' || !url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    fail('baseUrl', `"${String(value)}" is not an http(s) URL without a query, such as http://localhost:3000/api`);
  }
  return url.pathname.endsWith('/') ? url.href : `${url.href}/`;
}
