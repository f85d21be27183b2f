// Validates createClient's options once, at construction, so a misconfigured client fails loudly
// before its first request. Every error names the option. The secret key is never echoed.
import { LOG_LEVELS, type Logger, type LogLevel } from './logger.js';
import { type CallSettings, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_RETRIES, DEFAULT_TIMEOUTS, type FetchLike, type Timeouts } from './transport.js';
import { buildUserAgent, type UserAgentOptions } from './user-agent.js';
import { checkObject, fail, type Rule } from './validate.js';

export type Environment = 'sandbox' | 'production';

/** The spec's two global servers. A test checks them against spec/dist/openapi.json. */
export const BASE_URLS: Record<Environment, string> = {
  production: 'https://global-api.afterpay.com',
  sandbox: 'https://global-api-sandbox.afterpay.com',
};

interface CommonOptions {
  /** The Merchant ID: the Basic auth user name. */
  merchantId: string;
  /** The Secret Key: the Basic auth password. Never logged or included in errors. */
  secretKey: string;
  /** Extra User-Agent segments: your plugin, your platform, the merchant's site. */
  userAgent?: UserAgentOptions | undefined;
  /** A fetch to use instead of the built-in transport (tests, proxies, edge runtimes). Timeout phases are then approximate. */
  fetch?: FetchLike | undefined;
  /**
   * Limits in milliseconds. Per attempt: connect 10 000, read 20 000 (the document's limits); for the
   * whole call, retries and waits included: total 60 000.
   */
  timeouts?: Partial<Timeouts> | undefined;
  /** How many times to retry connection errors, timeouts, bodies cut off after the headers, 429, 502, 503 and 504. Default 2; 0 turns retries off. */
  retries?: number | undefined;
  /** Where the client logs: anything shaped like `console` (the default), e.g. a pino logger. */
  logger?: Logger | undefined;
  /** The least severe level logged: retries are `warn` (the default), every attempt `debug`; `off` silences. */
  logLevel?: LogLevel | undefined;
  /** The largest response body accepted, counted after decompression while it streams in. Default 16 MiB. */
  maxResponseBytes?: number | undefined;
  /** Allow construction in a browser, where the secret key would be exposed to every visitor. */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** Options for createClient: `environment`, or `baseUrl` for a mock or a proxy, but not both. */
export type ClientOptions = CommonOptions & ({ environment: Environment; baseUrl?: never } | { baseUrl: string; environment?: never });

/** A call's own settings, the last argument of every method; each overrides the client's option for that call. */
export interface RequestOptions {
  /** Aborts the call (for iteratePayments: the walk), whether a request is in flight or a retry is waiting. */
  signal?: AbortSignal | undefined;
  timeouts?: Partial<Timeouts> | undefined;
  retries?: number | undefined;
}

export interface ResolvedOptions {
  merchantId: string;
  secretKey: string;
  baseUrl: string;
  /** Undefined in a browser, where the User-Agent is the browser's own. */
  userAgent: string | undefined;
  fetch?: FetchLike | undefined;
  timeouts: Timeouts;
  retries: number;
  logger: Logger;
  logLevel: LogLevel;
  maxResponseBytes: number;
}

/**
 * A required `name` or `version`: printable ASCII (a header carries nothing else, and bidi overrides
 * could disguise it), without what would break the Basic user name or the User-Agent's
 * `name/version (a; b)` structure.
 */
const NAME: Rule = { type: 'string', required: true, pattern: /^[!-'*-.\d<-~]+$/, hint: 'printable ASCII without spaces, ( ) : ; /' };
const segment = (name: Rule): Rule => ({ type: 'object', properties: { name, version: NAME } });
const TIMEOUT: Rule = { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 }; // setTimeout's limit: a longer delay fires at once

const TIMEOUTS: Rule = { type: 'object', properties: { connectMs: TIMEOUT, readMs: TIMEOUT, totalMs: TIMEOUT } };
const RETRIES: Rule = { type: 'integer', minimum: 0, maximum: 10 };
const REQUEST_RULES: Record<keyof RequestOptions, Rule> = { signal: { type: 'signal' }, timeouts: TIMEOUTS, retries: RETRIES };

/** Far above any real merchant ID or key, and it bounds what every request and every redaction carries. */
export const MAX_CREDENTIAL_LENGTH = 1024;

const OPTION_RULES: Record<keyof ClientOptions, Rule> = {
  // The Basic user name: any Unicode but a colon, spaces or control characters (the shared auth vectors
  // include a non-ASCII one); the User-Agent carries it percent-encoded where a header cannot.
  merchantId: { ...NAME, maxLength: MAX_CREDENTIAL_LENGTH, pattern: /^[^\s():;/\p{Cc}]+$/u, hint: 'without spaces, ( ) : ; / or control characters' },
  // No control characters (RFC 7617), such as the newline a key read from a file ends with. The value is never echoed.
  secretKey: {
    type: 'string',
    required: true,
    maxLength: MAX_CREDENTIAL_LENGTH,
    pattern: /^\P{Cc}+$/u,
    hint: 'without control characters (a trailing newline?)',
  },
  environment: { type: 'string', enum: Object.keys(BASE_URLS) },
  baseUrl: {}, // checked with environment, below
  userAgent: {
    type: 'object',
    properties: {
      plugin: segment(NAME),
      // Spaces are allowed in a platform name only: the document's example is "E-Commerce Platform Name/1.0.0".
      platform: segment({ ...NAME, pattern: /^[ !-'*-.\d<-~]+$/, hint: 'printable ASCII without ( ) : ; /' }),
      siteUrl: { type: 'string', pattern: /^https?:\/\/[!-~]+$/, hint: 'an http(s) URL in printable ASCII (an IDN host in punycode, xn--…)' },
    },
  },
  fetch: { type: 'function' },
  timeouts: TIMEOUTS,
  retries: RETRIES,
  logger: {}, // checked below: a logger's methods may be inherited, and it has other keys
  logLevel: { type: 'string', enum: LOG_LEVELS },
  maxResponseBytes: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  dangerouslyAllowBrowser: { type: 'boolean' },
};

/** `scope` is the global scope the client runs in (tests pass a browser's or an edge runtime's). */
export function resolveOptions(options: ClientOptions, scope?: Record<string, unknown>): ResolvedOptions {
  const given = checkObject<CommonOptions & { environment?: Environment; baseUrl?: unknown }>(options, 'options', OPTION_RULES);
  const browser = isBrowserLike(scope);
  if (browser && !given.dangerouslyAllowBrowser) fail('dangerouslyAllowBrowser', 'browser', 'true to run in a browser');
  const logger = given.logger as Record<string, unknown> | undefined;
  if (logger !== undefined && !['debug', 'info', 'warn', 'error'].every((level) => typeof logger?.[level] === 'function')) {
    fail('logger', 'type', 'an object with debug, info, warn and error methods, like console');
  }
  return {
    ...given,
    fetch: given.fetch, // an own property even when not given: never read through Object.prototype
    baseUrl: resolveBaseUrl(given.environment, given.baseUrl),
    userAgent: browser ? undefined : buildUserAgent(given.merchantId, given.userAgent),
    timeouts: { ...DEFAULT_TIMEOUTS, ...given.timeouts },
    retries: given.retries ?? DEFAULT_RETRIES,
    logger: given.logger ?? console,
    logLevel: given.logLevel ?? 'warn',
    maxResponseBytes: given.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
}

/**
 * The one place a call's RequestOptions meet the client's defaults, checked by the same rules as the
 * client's options (a mistake throws a ValidationError naming the option). No options: the defaults as they are.
 */
export function callSettings(defaults: CallSettings, options: unknown): CallSettings {
  if (options === undefined) return defaults;
  const given = checkObject<RequestOptions>(options, 'options', REQUEST_RULES);
  return { signal: given.signal, timeouts: { ...defaults.timeouts, ...given.timeouts }, retries: given.retries ?? defaults.retries };
}

/**
 * A browser, where the secret key would be exposed: a scope with `window`, `document` or a worker
 * global (web and service workers), unless it identifies itself as a server runtime (Node.js, Deno,
 * Bun, Vercel's EdgeRuntime, Cloudflare Workers), which needs no opt-in.
 */
export function isBrowserLike(scope: Record<string, any> = globalThis): boolean {
  const server = scope.process?.versions?.node || scope.Deno || scope.Bun || scope.EdgeRuntime || scope.navigator?.userAgent === 'Cloudflare-Workers';
  return !server && Boolean(scope.window || scope.document || scope.WorkerGlobalScope);
}

function resolveBaseUrl(environment: Environment | undefined, baseUrl: unknown): string {
  if (baseUrl === undefined) return BASE_URLS[environment ?? fail('environment', 'required', 'given (or baseUrl)')];
  if (environment) fail('baseUrl', 'exclusive', 'left out with environment');
  const url = typeof baseUrl === 'string' && URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  if (!url || url.username || url.password || url.search || url.hash) fail('baseUrl', 'format', 'a URL without credentials, query or fragment');
  // Basic auth would travel in clear text over plain http, so that is allowed to this machine only.
  const local = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !local) fail('baseUrl', 'https', 'https (http only to localhost)');
  return url.href;
}
