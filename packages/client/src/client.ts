// createClient: methods that validate their input first, take RequestOptions last, serialise the query
// (own properties only), and send through the one request loop (transport.ts), throwing typed
// errors. The openapi-fetch client over the same loop is `rawClient(client)`, from `./raw`: most callers
// never use it, and it would double the main entry's size.
import { basicAuthorization } from './auth.js';
import { ApiError } from './errors.js';
import type { components, paths } from './generated/schema.js';
import { createLog } from './logger.js';
import { callSettings, type ClientOptions, type RequestOptions, resolveOptions } from './options.js';
import { type Pagination, type PaymentIterable, paginate, readPage } from './pagination.js';
import {
  type ConfigurationOptions,
  type ListPaymentsQuery,
  normaliseConfigurationQuery,
  normaliseListPaymentsQuery,
  serialiseQuery,
} from './query.js';
import { createSecretRedactor, redactBody, redactHeaders } from './redact.js';
import { type CallSettings, clientError, createTransport, stamp } from './transport.js';

export type MerchantConfiguration = components['schemas']['MerchantConfiguration'];

/** The spec's paths. `User-Agent` is an optional header there, and the middleware always sets it. */
export type ClientPaths = paths;

export interface MerchantClient {
  /** Resolves when the service answers `pong`; throws otherwise. Sends no credentials. */
  ping(options?: RequestOptions): Promise<void>;
  /** The merchant's payment limits, plus the parts asked for with `include`. */
  getConfiguration(configurationOptions?: ConfigurationOptions, options?: RequestOptions): Promise<MerchantConfiguration>;
  /** One page of payments. Validates the query first and throws ValidationError before any request. */
  listPayments(query?: ListPaymentsQuery, options?: RequestOptions): Promise<Pagination>;
  /**
   * Every payment matching the query, page after page, with `for await`. `limit` is the page size
   * (default 100) and `offset` the starting position. Validates the query and options when called;
   * `options.signal` aborts the walk, and its settings apply to every page.
   */
  iteratePayments(query?: ListPaymentsQuery, options?: RequestOptions): PaymentIterable;
}

/** What `rawClient` (./raw) needs of a client to build openapi-fetch over the same request loop. */
export interface RawParts {
  baseUrl: string;
  headers: Record<string, string>;
  send: (request: Request) => Promise<Response>;
}
export const rawParts = new WeakMap<MerchantClient, RawParts>();

/** The page size iteratePayments asks for when the query has no `limit`. */
export const ITERATION_PAGE_SIZE = 100;

type Path = keyof ClientPaths;

export function createClient(options: ClientOptions): MerchantClient {
  const config = resolveOptions(options);
  const redact = createSecretRedactor(config);
  const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
  const send = createTransport({ fetch: config.fetch, redact, log: createLog(config.logger, config.logLevel), maxResponseBytes: config.maxResponseBytes });
  const defaults: CallSettings = { timeouts: config.timeouts, retries: config.retries, signal: undefined };
  // Lower-case names, as a Headers object gives them, so that a raw caller's own header replaces ours.
  const headers: Record<string, string> = { accept: 'application/json', ...(config.userAgent && { 'user-agent': config.userAgent }) };
  const authorization = basicAuthorization(config.merchantId, config.secretKey);
  // Credentials go only below the configured base URL, and never to Ping, the one operation without
  // authentication (which answers text/plain); `raw` sends the same.
  const headersFor = (url: string, given: Record<string, string>) =>
    url.startsWith(`${base}ping`) ? { ...given, accept: 'text/plain' } : url.startsWith(base) ? { ...given, authorization } : given;
  const authenticated = headersFor(base, headers);
  const ping = headersFor(`${base}ping`, headers);

  /**
   * GETs `path` under the call's settings and returns `read(text)`. An error status, or a body `read`
   * throws on, becomes an ApiError whose body and headers are redacted, in case a proxy echoed the
   * credentials; any other failure goes through the one conversion into the client's errors.
   */
  async function get<T>(path: Path, query: object, read: (body: string) => T, settings: CallSettings): Promise<T> {
    const stats = { attempts: 0, started: Date.now() };
    const url = `${base}${path.slice(1)}${serialiseQuery(query)}`;
    try {
      // The API never redirects: the loop refuses a redirect rather than following it to another origin.
      const { status, text, headers } = await send({ method: 'GET', url, headers: path === '/ping' ? ping : authenticated }, settings, stats);
      // An error answer comes back from the loop already redacted.
      if (status >= 400) throw ApiError.from(status, text, headers());
      try {
        return read(text);
      } catch (problem) {
        const message = redact(`${path} answered ${status} with an unexpected body: ${(problem as Error).message}`);
        throw ApiError.from(status, redactBody(text, redact), redactHeaders(headers(), redact), message);
      }
    } catch (error) {
      throw stamp(clientError(error, `GET ${url}`, redact, settings.signal), stats);
    }
  }

  const client: MerchantClient = {
    ping: async (options) =>
      get(
        '/ping',
        {},
        (body) => {
          if (body.trim() !== 'pong') throw new SyntaxError('not pong');
        },
        callSettings(defaults, options),
      ),
    getConfiguration: async (configurationOptions, options) =>
      get<MerchantConfiguration>('/v2/configuration', normaliseConfigurationQuery(configurationOptions), JSON.parse, callSettings(defaults, options)),
    listPayments: async (query, options) =>
      get<Pagination>('/v2/payments', normaliseListPaymentsQuery(query), readPage, callSettings(defaults, options)),
    iteratePayments(query, options) {
      const normalised = normaliseListPaymentsQuery(query);
      const settings = callSettings(defaults, options);
      const limit = normalised.limit ?? ITERATION_PAGE_SIZE;
      const page = (offset: number, signal: AbortSignal) =>
        get<Pagination>('/v2/payments', { ...normalised, limit, offset }, readPage, { ...settings, signal });
      return paginate(page, normalised.offset ?? 0, limit, settings.signal);
    },
  };
  rawParts.set(client, {
    baseUrl: config.baseUrl,
    headers,
    send: async (request) => {
      const { url, method } = request;
      const body = request.body ? await request.arrayBuffer() : undefined;
      const answer = await send({ method, url, headers: headersFor(url, Object.fromEntries(request.headers)), body }, { ...defaults, signal: request.signal });
      // 204 and 205 have no body; the loop refuses the other statuses a Response could not carry.
      return new Response([204, 205].includes(answer.status) ? null : answer.text, { status: answer.status, headers: answer.headers() });
    },
  });
  return client;
}
