// The messages between the page and the site's Service Worker (service-worker.ts).
export { SANDBOX_LOG_MESSAGE } from '@merchant-ordering/sandbox/service-worker';

/** Page -> worker: take this page (loaded past the worker, by Shift+Reload). */
export const CLAIM_MESSAGE = 'claim';
/** Page -> worker: keep the site's files for a visit without a network. */
export const KEEP_SITE_MESSAGE = 'keep-site';
