// @merchant-ordering/sandbox: the Merchant Online Ordering API's behaviour, served by node:http
// (startSandbox, the bin) or in process with no port (createSandbox, also at ./fetch).
export {
  DEFAULT_CREDENTIALS,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENTS,
  DEFAULT_SEED,
  SandboxOptionError,
  startSandbox,
  type Sandbox,
  type SandboxOptions,
} from './hosts/node/server.js';
export { createSandbox, type InProcessSandbox } from './fetch.js';
export { exitWhenOrphaned } from './hosts/node/orphan-watch.js';
export { FAULT_HEADER, MAX_DELAY_MS, RETRY_AFTER_SECONDS } from './engine/faults.js';
export { SANDBOX_PUBLIC_ID } from './engine/configuration.js';
export { HOSTED_DOCS_ORIGIN } from './engine/cors.js';
export { formatRequestLine, type RequestLog, type RequestLogEntry } from './engine/request-log.js';
export type { Money, Payment, PaymentEvent } from './engine/dataset.js';
export type { Credentials } from './engine/auth.js';
