// @merchant-ordering/sandbox/fetch: the sandbox in process, as a standard fetch. No port, no process,
// no network and nothing of Node, so the same code runs in Node, in a browser, in a Service Worker and
// on an edge runtime. `fetch` answers by path whatever the origin:
//   createClient({ ...sandbox.credentials, baseUrl: 'https://global-api-sandbox.afterpay.com', fetch: sandbox.fetch })
import { openSandbox, type InProcessSandbox } from './hosts/web/in-process.js';
import type { SandboxOptions } from './engine/settings.js';

export { httpHandler } from './hosts/web/edge.js';
export { DEFAULT_CREDENTIALS, DEFAULT_CURRENCY, DEFAULT_PAYMENTS, DEFAULT_SEED } from './engine/defaults.js';
export { SandboxOptionError, type SandboxOptions } from './engine/settings.js';
export { FAULT_HEADER, MAX_DELAY_MS, RETRY_AFTER_SECONDS } from './engine/faults.js';
export { SANDBOX_PUBLIC_ID } from './engine/configuration.js';
export { formatRequestLine, type RequestLog, type RequestLogEntry } from './engine/request-log.js';
export type { InProcessSandbox };
export type { Credentials } from './engine/auth.js';
export type { Money, Payment, PaymentEvent } from './engine/dataset.js';

/**
 * The sandbox in process. Takes startSandbox's options (`port` and `host` mean nothing here and are
 * ignored); rejects with SandboxOptionError for a bad one.
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<InProcessSandbox> {
  return openSandbox(options);
}
