// Validates createClient's options once, at construction, so a misconfigured client fails loudly
// before its first request. Every error names the option. The secret key is never echoed.
import { DEFAULT_RETRIES, DEFAULT_TIMEOUTS, type FetchLike, type Timeouts } from './transport.js';
import { buildUserAgent, type UserAgentOptions } from './user-agent.js';
import { fail, integerIn, isRecord, nonEmptyString, rejectUnknown } from './validate.js';

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
  /** Per-attempt limits in milliseconds. Defaults: connect 10 000, read 20 000 (the document's limits). */
  timeouts?: Partial<Timeouts> | undefined;
  /** How many times to retry connection errors, timeouts, 429, 502, 503 and 504. Default 2; 0 turns retries off. */
  retries?: number | undefined;
  /** Allow construction in a browser, where the secret key would be exposed to every visitor. */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** Options for createClient: `environment`, or `baseUrl` for a mock or a proxy, but not both. */
export type ClientOptions = CommonOptions &
  ({ environment: Environment; baseUrl?: never } | { baseUrl: string; environment?: never });

export interface ResolvedOptions {
  merchantId: string;
  secretKey: string;
  baseUrl: string;
  /** Undefined in a browser, where the User-Agent is the browser's own. */
  userAgent: string | undefined;
  fetch: FetchLike | undefined;
  timeouts: Timeouts;
  retries: number;
}

const OPTIONS = ['merchantId', 'secretKey', 'environment', 'baseUrl', 'userAgent', 'fetch', 'timeouts', 'retries', 'dangerouslyAllowBrowser'];
/** Characters that would break the Basic user name or the User-Agent's structure, or inject header lines. */
const UNSAFE = /[\s():;/\p{Cc}]/u;

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  if (!isRecord(options)) fail('options', 'type', 'an object');
  rejectUnknown(options, OPTIONS);
  const { merchantId, secretKey, environment, baseUrl, fetch, retries, dangerouslyAllowBrowser: allowBrowser } = options;
  if (UNSAFE.test(nonEmptyString(merchantId, 'merchantId'))) fail('merchantId', 'format', 'free of spaces, control characters and ( ) : ; /');
  nonEmptyString(secretKey, 'secretKey');
  if (allowBrowser !== undefined && typeof allowBrowser !== 'boolean') fail('dangerouslyAllowBrowser', 'type', 'a boolean');
  const browser = isBrowserLike();
  if (browser && !allowBrowser) {
    fail('dangerouslyAllowBrowser', 'browser', 'true to run in a browser, where any visitor can read the secret key');
  }
  if (fetch !== undefined && typeof fetch !== 'function') fail('fetch', 'type', 'a function');
  return {
    merchantId,
    secretKey,
    baseUrl: resolveBaseUrl(environment, baseUrl),
    userAgent: browser ? undefined : buildUserAgent(merchantId, userAgentOptions(options.userAgent)),
    fetch,
    timeouts: resolveTimeouts(options.timeouts),
    retries: retries === undefined ? DEFAULT_RETRIES : integerIn(retries, 'retries', 0, 10),
  };
}

/** A browser or a browser-like worker: window or document, or a navigator without Node's process. */
export function isBrowserLike(scope: Record<string, unknown> = globalThis as never): boolean {
  return scope.window !== undefined || scope.document !== undefined || (scope.navigator !== undefined && scope.process === undefined);
}

function resolveBaseUrl(environment: unknown, baseUrl: unknown): string {
  if (baseUrl === undefined) {
    if (environment !== 'sandbox' && environment !== 'production') {
      fail('environment', environment === undefined ? 'required' : 'enum', "'sandbox' or 'production', or baseUrl given instead");
    }
    return BASE_URLS[environment];
  }
  if (environment !== undefined) fail('baseUrl', 'exclusive', 'left out when environment is given');
  let url: URL | undefined;
  try {
    url = new URL(baseUrl as string);
  } catch {}
  if (typeof baseUrl !== 'string' || !url || url.username || url.password || url.search || url.hash) {
    return fail('baseUrl', 'format', 'an absolute URL without credentials, query or fragment');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))) {
    fail('baseUrl', 'https', 'https:// (http:// only to localhost, 127.0.0.1 or [::1]): Basic auth would travel in clear text');
  }
  return url.href;
}

function resolveTimeouts(timeouts: unknown): Timeouts {
  const resolved = { ...DEFAULT_TIMEOUTS };
  if (timeouts === undefined) return resolved;
  if (!isRecord(timeouts)) return fail('timeouts', 'type', 'an object');
  rejectUnknown(timeouts, Object.keys(resolved), 'timeouts.');
  for (const key of ['connectMs', 'readMs'] as const) {
    if (timeouts[key] !== undefined) resolved[key] = integerIn(timeouts[key], `timeouts.${key}`, 1, 2 ** 31 - 1);
  }
  return resolved;
}

/** Plugin and platform names and versions must not break the User-Agent's `name/version (a; b)` structure. */
function userAgentOptions(userAgent: unknown): UserAgentOptions {
  if (userAgent === undefined) return {};
  if (!isRecord(userAgent)) return fail('userAgent', 'type', 'an object');
  rejectUnknown(userAgent, ['plugin', 'platform', 'siteUrl'], 'userAgent.');
  for (const part of ['plugin', 'platform']) {
    const segment = userAgent[part];
    if (segment === undefined) continue;
    for (const key of ['name', 'version']) {
      const param = `userAgent.${part}.${key}`;
      // Spaces are allowed in a platform name only: the document's example is "E-Commerce Platform Name/1.0.0".
      const text = nonEmptyString(isRecord(segment) ? segment[key] : undefined, param);
      if (UNSAFE.test(part === 'platform' && key === 'name' ? text.replace(/ /g, '') : text)) {
        fail(param, 'format', 'free of control characters and ( ) : ; / (and of spaces, but in a platform name)');
      }
    }
  }
  if (userAgent.siteUrl !== undefined && !/^https?:\/\/[^\s\p{Cc}]+$/u.test(String(userAgent.siteUrl))) {
    fail('userAgent.siteUrl', 'format', 'an http(s) URL without spaces');
  }
  return userAgent as UserAgentOptions;
}
