// The sandbox in this page: a Service Worker (sandbox-sw.js, a file of the site) that answers every
// request under ./sandbox/ with the sandbox's engine, so the page sends real fetches and the browser
// never leaves the page. Registered as soon as the page loads, so that it is ready by the first Send.
// Once it runs, it is asked to keep the site's files for a visit without a network, and each request
// it answers comes back as a log entry: the target exactly as the sandbox received it.
import type { RequestLogEntry } from '@merchant-ordering/sandbox/service-worker';
import { CLAIM_MESSAGE, KEEP_SITE_MESSAGE, SANDBOX_LOG_MESSAGE } from './worker-messages';

export const SERVICE_WORKER_FILE = 'sandbox-sw.js';
const CONTROL_TIMEOUT_MS = 10_000;

export interface PageSandbox {
  /** Resolves once the worker answers this page's requests; rejects with a reader-facing reason. */
  ready: Promise<void>;
  /** Calls `listener` with each request the sandbox in the page answers. */
  onRequest(listener: (entry: RequestLogEntry) => void): void;
}

export function startPageSandbox(pageBase: string): PageSandbox {
  const listeners: Array<(entry: RequestLogEntry) => void> = [];
  navigator.serviceWorker?.addEventListener('message', (event) => {
    if (event.data?.type === SANDBOX_LOG_MESSAGE) for (const listener of listeners) listener(event.data.entry);
  });
  const ready = (async () => {
    if (!('serviceWorker' in navigator)) {
      throw new Error('this browser runs no Service Worker here (a file:// page, or a private window that blocks them): send to a local sandbox instead');
    }
    const registration = await navigator.serviceWorker.register(new URL(SERVICE_WORKER_FILE, pageBase), { scope: new URL('./', pageBase).pathname });
    await navigator.serviceWorker.ready;
    await controlled(registration);
    navigator.serviceWorker.controller?.postMessage({ type: KEEP_SITE_MESSAGE });
  })();
  // Observed here so that an early failure is not an unhandled rejection; Send reports it.
  ready.catch(() => {});
  return { ready, onRequest: (listener) => listeners.push(listener) };
}

/** Resolves once the page is the worker's: at once, or after asking it to claim the page. */
async function controlled(registration: ServiceWorkerRegistration): Promise<void> {
  if (navigator.serviceWorker.controller) return;
  // First visit, or a reload that bypassed the worker (Shift+Reload): ask it to take this page.
  const taken = new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  if (navigator.serviceWorker.controller) return; // taken while the listener was being added
  (registration.active ?? registration.waiting ?? registration.installing)?.postMessage({ type: CLAIM_MESSAGE });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the sandbox in this page did not start: reload the page')), CONTROL_TIMEOUT_MS);
  });
  try {
    await Promise.race([taken, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
