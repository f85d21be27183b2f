// The site's Service Worker (built into dist/sandbox-sw.js, beside index.html, so its scope is the
// site, whatever sub-path it is served under):
//   - the sandbox, answering every request under ./sandbox/ (installSandbox; it takes the page at once);
//   - the site offline: the site's own files from the network first, else from the copy kept at the
//     last visit, so the docs and their console work with no network at all once visited.
import { installSandbox, type ServiceWorkerScope } from '@merchant-ordering/sandbox/service-worker';
import { CLAIM_MESSAGE, KEEP_SITE_MESSAGE } from './worker-messages';

/** The files of the site, and a digest of their contents (scripts/build-console.mjs defines both). */
declare const SITE_FILES: string[];
declare const SITE_VERSION: string;

interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEvent extends ExtendableEvent {
  data: unknown;
}
type Worker = ServiceWorkerScope & { registration: { scope: string } };

const worker = self as unknown as Worker;
const scope = worker.registration.scope;
const sandboxBase = new URL('sandbox/', scope).href;
const CACHE_PREFIX = 'merchant-ordering-docs-';
const cacheName = `${CACHE_PREFIX}${SITE_VERSION}`;

installSandbox(worker, { baseUrl: sandboxBase });

worker.addEventListener('message', (event: MessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  // A page loaded past the worker (Shift+Reload) asks to be taken.
  if (type === CLAIM_MESSAGE) event.waitUntil(worker.clients.claim());
  // Keeps the files the page loaded before the worker ran, for the next visit without a network.
  if (type === KEEP_SITE_MESSAGE) event.waitUntil(keepSite());
});

worker.addEventListener('activate', (event: ExtendableEvent) => event.waitUntil(dropOtherVersions()));

worker.addEventListener('fetch', (event: FetchEvent) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(scope) || request.url.startsWith(sandboxBase)) return;
  event.respondWith(networkFirst(request));
});

async function networkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      void caches.open(cacheName).then(
        (cache) => cache.put(request, copy),
        () => {},
      );
    }
    return response;
  } catch (offline) {
    // A link with a query (a shared Try it request) opens the page kept without one.
    const kept = await caches.match(request, { ignoreSearch: request.mode === 'navigate' });
    if (kept) return kept;
    throw offline;
  }
}

async function keepSite(): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.all(
    SITE_FILES.map(async (file) => {
      const url = new URL(file === 'index.html' ? './' : file, scope).href;
      if (await cache.match(url)) return;
      await cache.add(url).catch(() => {}); // best effort: the next visit online fills the gap
    }),
  );
}

async function dropOtherVersions(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName).map((name) => caches.delete(name)));
}
