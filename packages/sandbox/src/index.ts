// @merchant-ordering/sandbox: a local server that behaves like the Merchant Online Ordering API.
export {
  DEFAULT_CREDENTIALS,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENTS,
  DEFAULT_SEED,
  SandboxOptionError,
  startSandbox,
  type Sandbox,
  type SandboxOptions,
} from './server.js';
export { exitWhenOrphaned } from './orphan-watch.js';
export { FAULT_HEADER, MAX_DELAY_MS, RETRY_AFTER_SECONDS } from './faults.js';
export { SANDBOX_PUBLIC_ID } from './configuration.js';
export type { Money, Payment, PaymentEvent } from './dataset.js';
export type { Credentials } from './auth.js';
