// @merchant-ordering/sandbox/service-worker: the sandbox inside a Service Worker, for a site that
// lets its readers call the API with nothing running but the browser (the docs' Try it console). A
// site bundles this into a same-origin worker script that calls installSandbox(self, { baseUrl }):
// every request its pages make under `baseUrl` is answered by the engine in the worker, by the path
// below `baseUrl`; every other request goes to the network as usual. The worker takes over at once
// (skipWaiting, clients.claim), so the first visit can send without a reload. Each request's log
// entry is posted to the page that sent it as { type: SANDBOX_LOG_MESSAGE, entry }.
import { engineOf, openSandbox, type InProcessSandbox } from './in-process.js';
import type { RequestLogEntry } from '../../engine/request-log.js';
import { fail, type SandboxOptions } from '../../engine/settings.js';
import { webHandler } from './handler.js';

export type { InProcessSandbox, RequestLogEntry, SandboxOptions };

/** The `type` of the message each request's log entry is posted to its page with. */
export const SANDBOX_LOG_MESSAGE = 'merchant-ordering-sandbox:request';

/** What installSandbox uses of a ServiceWorkerGlobalScope (`self` in a worker script). */
export interface ServiceWorkerScope {
  location: { href: string };
  addEventListener(type: string, listener: (event: any) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; get(id: string): Promise<{ postMessage(message: unknown): void } | undefined | null> };
}

export interface ServiceWorkerSandboxOptions extends SandboxOptions {
  /**
   * Where the sandbox answers: a URL, or a path resolved against the worker script's own URL
   * (`./sandbox/` beside `sw.js`). Requests under it are answered by the path below it:
   * `<baseUrl>v2/payments` is List Payments.
   */
  baseUrl: string;
}

interface FetchEvent {
  request: Request;
  clientId: string;
  respondWith(response: Promise<Response>): void;
}

/** Installs the sandbox on a Service Worker's global scope; returns it (its payments, close). Throws SandboxOptionError for a bad option. */
export function installSandbox(worker: ServiceWorkerScope, options: ServiceWorkerSandboxOptions): InProcessSandbox {
  let base: URL | undefined;
  try {
    base = new URL(options.baseUrl, worker.location.href);
  } catch {
    // reported below
  }
  if (!base || base.search || base.hash) fail('baseUrl', 'must be a URL or a path such as ./sandbox/, without a query');
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const prefix = base.href;
  const { baseUrl: _, ...sandboxOptions } = options;
  const sandbox = openSandbox(sandboxOptions);
  const engine = engineOf(sandbox);

  worker.addEventListener('install', (event: { waitUntil(promise: Promise<unknown>): void }) => event.waitUntil(worker.skipWaiting()));
  worker.addEventListener('activate', (event: { waitUntil(promise: Promise<unknown>): void }) => event.waitUntil(worker.clients.claim()));
  worker.addEventListener('fetch', (event: FetchEvent) => {
    if (!event.request.url.startsWith(prefix)) return; // not the sandbox's: the network answers
    const log = (entry: RequestLogEntry) => {
      engine.log?.(entry);
      if (event.clientId)
        void worker.clients.get(event.clientId).then(
          (page) => page?.postMessage({ type: SANDBOX_LOG_MESSAGE, entry }),
          () => {},
        );
    };
    event.respondWith(webHandler(engine, { log, basePath: base.pathname })(event.request));
  });
  return sandbox;
}
