// Where a command sends, and the client that sends there: --environment sandbox|production (the
// service's sandbox when nothing is said: production is always named), --base-url with the client's own
// rules (https; plain http to loopback only), or --sandbox, an in-process sandbox with its own
// credentials and the sandbox's --faults. Every request goes through @merchant-ordering/client.
import { BASE_URLS, createClient, type Environment, type Logger, type MerchantClient } from '@merchant-ordering/client';
import { readCredentials } from './credentials.js';
import { UsageError, type ParamSource } from './errors.js';
import type { Flags, FlagValues } from './read-flags.js';
import { startLocalSandbox } from './sandbox-host.js';
import { CLI_NAME, CLI_VERSION } from './version.js';

export const TARGET_FLAGS: Flags = {
  environment: { type: 'string', value: 'sandbox|production', help: "the service's environment (default: sandbox; production is only ever used when named)" },
  'base-url': { type: 'string', value: 'URL', help: 'another base URL: https, or plain http to localhost only' },
  sandbox: { type: 'boolean', help: 'send to a sandbox started in this process, with seeded payments: nothing to set up' },
  faults: { type: 'string', value: 'LIST', help: "with --sandbox: the sandbox's random faults, e.g. 429:0.1,insert:0.1" },
  profile: { type: 'string', value: 'NAME', help: 'the profile of profiles.json to use (default: "default"); MERCHANT_ID and SECRET_KEY win over it' },
};

export interface Connection {
  client: MerchantClient;
  /** The base URL requests go to. */
  baseUrl: string;
  merchantId: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  env: Record<string, string | undefined>;
  /** Receives the client's retry warnings. */
  logger: Logger;
  /** Filled in with where the credentials came from, to name them in a ValidationError's line. */
  sources: ParamSource;
  /** Ping sends no credentials, so it needs none. */
  anonymous?: boolean;
  /** The client's retries for this command. */
  retries?: number;
}

/** Checks the flags that say where to send (one line for a wrong combination), then builds the client. */
export async function connect(values: FlagValues, { env, logger, sources, anonymous = false, retries }: ConnectOptions): Promise<Connection> {
  const environment = values.environment as string | undefined;
  const baseUrl = values['base-url'] as string | undefined;
  const faults = values.faults as string | undefined;
  const profile = values.profile as string | undefined;
  if (environment !== undefined && baseUrl !== undefined) throw new UsageError('--environment and --base-url both say where to send: give one');
  if (environment !== undefined && !Object.hasOwn(BASE_URLS, environment))
    throw new UsageError(`--environment must be sandbox or production, got ${JSON.stringify(environment)}`);
  if (values.sandbox) {
    const other = environment !== undefined ? '--environment' : baseUrl !== undefined ? '--base-url' : profile !== undefined ? '--profile' : undefined;
    if (other) throw new UsageError(`--sandbox sends to its own sandbox with its own credentials: leave out ${other}`);
  } else if (faults !== undefined) {
    throw new UsageError('--faults configures the in-process sandbox: it needs --sandbox');
  }

  const common = { userAgent: { plugin: { name: CLI_NAME, version: CLI_VERSION } }, logger, ...(retries !== undefined && { retries }) };
  if (values.sandbox) {
    const sandbox = await startLocalSandbox(faults ?? '');
    try {
      const client = createClient({ ...common, ...sandbox.credentials, baseUrl: sandbox.baseUrl, fetch: sandbox.fetch });
      return { client, baseUrl: sandbox.baseUrl, merchantId: sandbox.credentials.merchantId, close: () => sandbox.close() };
    } catch (error) {
      await sandbox.close();
      throw error;
    }
  }
  // Ping without credentials: the client sends none to Ping, so a placeholder identity is never sent.
  const credentials = anonymous && !env.MERCHANT_ID && !env.SECRET_KEY && profile === undefined ? tryCredentials(env) : readCredentials(env, profile);
  Object.assign(sources, credentials.source);
  const where = baseUrl !== undefined ? { baseUrl } : { environment: (environment ?? 'sandbox') as Environment };
  const client = createClient({ ...common, merchantId: credentials.merchantId, secretKey: credentials.secretKey, ...where });
  return { client, baseUrl: 'baseUrl' in where ? where.baseUrl : BASE_URLS[where.environment], merchantId: credentials.merchantId, close: async () => {} };
}

/** The profile's credentials when there is a usable one; otherwise a placeholder that Ping never sends. */
function tryCredentials(env: Record<string, string | undefined>) {
  try {
    return readCredentials(env, undefined);
  } catch {
    return { merchantId: 'anonymous', secretKey: 'unused', source: { merchantId: 'merchantId', secretKey: 'secretKey' } };
  }
}
