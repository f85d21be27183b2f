// The options every host of the sandbox takes, checked once: a bad one is a SandboxOptionError whose
// message names the option and the rule, before anything is served.
import type { Credentials } from './auth.js';
import { isOrigin } from './cors.js';
import { DEFAULT_CREDENTIALS, DEFAULT_CURRENCY, DEFAULT_PAYMENTS, DEFAULT_SEED } from './defaults.js';
import { parseFaultRates } from './faults.js';
import type { RequestLog } from './request-log.js';

export interface SandboxOptions {
  /** node:http host only: the port, 0 (the default) for a free one. The other hosts have no port. */
  port?: number;
  /** node:http host only: the interface to listen on. Default 127.0.0.1. */
  host?: string;
  merchantId?: string;
  secretKey?: string;
  /** The dataset size. Default 1,000. */
  payments?: number;
  /** The same seed gives the same payments and the same random faults. Default 1. */
  seed?: string | number;
  /** Random faults, e.g. `429:0.1,503:0.05,insert:0.1`. Default none. */
  faults?: string;
  /** The merchant's one currency. Default AUD. */
  currency?: string;
  /** Evolution mode (evolve.ts): unknown fields in every answer, unknown values in more payments. Default false. */
  evolve?: boolean;
  /** Origins allowed to call the sandbox from a web page besides loopback ones and the hosted docs; `*` for any. */
  corsOrigins?: readonly string[];
  /** Called once per request with the method, the target as received and the status (request-log.ts). */
  log?: RequestLog;
}

/** Thrown for an option the sandbox cannot use; the message names the option and the rule. */
export class SandboxOptionError extends Error {
  override name = 'SandboxOptionError';
}

export interface EngineSettings extends Credentials {
  payments: number;
  seed: string | number;
  faults: string;
  currency: string;
  evolve: boolean;
  corsOrigins: readonly string[];
  log: RequestLog | undefined;
}

/** The engine's settings from the options, defaults filled in; throws SandboxOptionError. */
export function engineSettings(options: SandboxOptions): EngineSettings {
  const settings = {
    merchantId: options.merchantId ?? DEFAULT_CREDENTIALS.merchantId,
    secretKey: options.secretKey ?? DEFAULT_CREDENTIALS.secretKey,
    payments: options.payments ?? DEFAULT_PAYMENTS,
    seed: options.seed ?? DEFAULT_SEED,
    faults: options.faults ?? '',
    currency: options.currency ?? DEFAULT_CURRENCY,
    evolve: options.evolve ?? false,
    corsOrigins: options.corsOrigins ?? [],
    log: options.log,
  };
  if (!Number.isInteger(settings.payments) || settings.payments < 0 || settings.payments > 1_000_000) fail('payments', 'must be an integer from 0 to 1000000');
  if (typeof settings.merchantId !== 'string' || !settings.merchantId || settings.merchantId.includes(':'))
    fail('merchantId', 'must be a non-empty string without a colon');
  if (typeof settings.secretKey !== 'string' || !settings.secretKey) fail('secretKey', 'must be a non-empty string');
  if (typeof settings.currency !== 'string' || !/^[A-Z]{3}$/.test(settings.currency)) fail('currency', 'must be an ISO 4217 code such as AUD');
  if (typeof settings.faults !== 'string') fail('faults', 'must be a string such as 429:0.1,insert:0.1');
  if (typeof settings.evolve !== 'boolean') fail('evolve', 'must be true or false');
  try {
    parseFaultRates(settings.faults);
  } catch (error) {
    fail('faults', (error as Error).message.replace(/^--faults: /, ''));
  }
  if (!Array.isArray(settings.corsOrigins)) fail('corsOrigins', 'must be a list of origins such as https://docs.example.com, or *');
  const notOrigin = settings.corsOrigins.find((origin) => !isOrigin(origin));
  if (notOrigin !== undefined)
    fail('corsOrigins', `"${String(notOrigin)}" is not an origin such as https://docs.example.com (scheme, host and port only), or *`);
  if (settings.log !== undefined && typeof settings.log !== 'function') fail('log', 'must be a function that takes one entry');
  return settings;
}

export function fail(name: string, rule: string): never {
  throw new SandboxOptionError(`${name}: ${rule}`);
}
