// Where the tools read from, and how that is named in every result: the sandbox in this process by
// default (@merchant-ordering/sandbox's engine behind the client's fetch: no credentials, no network),
// or, with --live, the service through the CLI's connection model: --environment or --base-url, and
// credentials from MERCHANT_ID/SECRET_KEY or a profile of the CLI's profiles.json, never from a tool
// argument. Either way every request goes through @merchant-ordering/client, with its retries,
// timeouts and redaction.
import { BASE_URLS, createClient, type Environment, type FetchLike, type Logger, type MerchantClient } from '@merchant-ordering/client';
import { readCredentials } from '@merchant-ordering/cli/credentials';
import { createSecretRedactor } from '@merchant-ordering/client/redact';
import { createSandbox } from '@merchant-ordering/sandbox/fetch';
import { UsageError } from './errors.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

/** What a result says about where its data came from. */
export interface Source {
  /** `sandbox`: @merchant-ordering/sandbox in this process, seeded data, nothing leaves the machine. `live`: the service at baseUrl. */
  kind: 'sandbox' | 'live';
  baseUrl: string;
}

export interface Connection {
  client: MerchantClient;
  source: Source;
  /** Replaces every form of the connection's secret in a text. */
  redact: (text: string) => string;
  close(): Promise<void>;
}

export interface LiveOptions {
  environment?: Environment | undefined;
  baseUrl?: string | undefined;
  profile?: string | undefined;
  env: Record<string, string | undefined>;
  /** Replaces the client's transport (tests). */
  fetch?: FetchLike | undefined;
}

/** The client's warnings (retries) go to stderr: stdout is the MCP stream under stdio. */
const stderrLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: (...args: unknown[]) => process.stderr.write(`${SERVER_NAME}: ${args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ')}\n`),
  error: (...args: unknown[]) =>
    process.stderr.write(`${SERVER_NAME}: ${args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ')}\n`),
};

const common = { userAgent: { plugin: { name: SERVER_NAME, version: SERVER_VERSION } }, logger: stderrLogger };

/** The sandbox in this process. `wrapFetch` lets tests count or watch the requests. */
export async function sandboxConnection(wrapFetch: (fetch: FetchLike) => FetchLike = (fetch) => fetch): Promise<Connection> {
  const sandbox = await createSandbox();
  // The engine answers by path whatever the origin: requests name the sandbox environment's host and never leave the process.
  const client = createClient({ ...common, ...sandbox.credentials, baseUrl: BASE_URLS.sandbox, fetch: wrapFetch(sandbox.fetch) });
  return { client, source: { kind: 'sandbox', baseUrl: BASE_URLS.sandbox }, redact: createSecretRedactor(sandbox.credentials), close: () => sandbox.close() };
}

/** The service, as the CLI reaches it. Throws UsageError for a wrong combination or missing credentials. */
export function liveConnection({ environment, baseUrl, profile, env, fetch }: LiveOptions): Connection {
  if (environment !== undefined && baseUrl !== undefined) throw new UsageError('--environment and --base-url both say where to send: give one');
  if (environment !== undefined && !Object.hasOwn(BASE_URLS, environment))
    throw new UsageError(`--environment must be sandbox or production, got ${JSON.stringify(environment)}`);
  let credentials;
  try {
    credentials = readCredentials(env, profile);
  } catch (error) {
    // The CLI's wording points at its --sandbox; here the sandbox is what runs without --live.
    if (error instanceof Error) throw new UsageError(error.message.replace('(or try --sandbox)', '(or leave out --live to use the sandbox)'));
    throw error;
  }
  const where = baseUrl !== undefined ? { baseUrl } : { environment: environment ?? 'sandbox' };
  let client: MerchantClient;
  try {
    client = createClient({ ...common, merchantId: credentials.merchantId, secretKey: credentials.secretKey, ...where, ...(fetch && { fetch }) });
  } catch (error) {
    // A ValidationError names the option (baseUrl, merchantId); the secret is never in it.
    throw new UsageError((error as Error).message.replace(/^baseUrl\b/, '--base-url'));
  }
  const resolved = 'baseUrl' in where ? new URL(where.baseUrl).href : BASE_URLS[where.environment];
  return { client, source: { kind: 'live', baseUrl: resolved }, redact: createSecretRedactor(credentials), close: async () => {} };
}
