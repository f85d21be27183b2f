// createClient: the openapi-fetch client over the description's `paths` (`client.api`), whose fetch is
// the one request loop (transport.ts), and the typed methods, thin wrappers on it: each validates its
// input before the network, turns dates into the documented form, calls openapi-fetch with the query
// serialised over own properties only, and turns `{ error, response }` into the typed errors.
import type { components, paths } from '@merchant-ordering/types';
import createFetchClient, { type Client } from 'openapi-fetch';
import { basicAuthorization } from './auth.js';
import { ApiError } from './errors.js';
import { createLog } from './logger.js';
import { callSettings, type ClientOptions, type RequestOptions, resolveOptions } from './options.js';
import { type Pagination, type PaymentIterable, paginate, readPage } from './pagination.js';
import { type ConfigurationOptions, type ListPaymentsQuery, normaliseConfigurationQuery, normaliseListPaymentsQuery, serialiseQuery } from './query.js';
import { createSecretRedactor, redactBody, redactHeaders } from './redact.js';
import { type CallSettings, type CallStats, clientError, createTransport, stamp, type Taken, textOf } from './transport.js';

export type MerchantConfiguration = components['schemas']['MerchantConfiguration'];

/** The spec's paths. `User-Agent` is an optional header there, and the client always sets it. */
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
  /**
   * The openapi-fetch client the methods are built on (`{ data, error, response }`, no throwing on HTTP
   * errors, no input validation), over the same request loop: credentials below the base URL only,
   * User-Agent, deadlines, retries, abort, logging, the size cap and redaction. Its `use()` middleware
   * runs once per call, the methods' calls included, above the loop; it never sees the credentials.
   */
  readonly api: Client<ClientPaths>;
}

/** The page size iteratePayments asks for when the query has no `limit`. */
export const ITERATION_PAGE_SIZE = 100;

type Path = '/ping' | '/v2/configuration' | '/v2/payments';

export function createClient(options: ClientOptions): MerchantClient {
  const config = resolveOptions(options);
  const redact = createSecretRedactor(config);
  const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
  const authorization = { authorization: basicAuthorization(config.merchantId, config.secretKey) };
  const ping = { accept: 'text/plain' };
  const none = {};
  // Added by the loop, below every middleware, from the URL actually sent: credentials go only below
  // the configured base URL, and never to Ping, the one operation without authentication (text/plain).
  const pingUrl = `${base}ping`;
  const headersFor = (url: string) => (url.startsWith(pingUrl) ? ping : url.startsWith(base) ? authorization : none);
  const send = createTransport({
    fetch: config.fetch,
    redact,
    log: createLog(config.logger, config.logLevel),
    maxResponseBytes: config.maxResponseBytes,
    headersFor,
  });
  const defaults: CallSettings = { timeouts: config.timeouts, retries: config.retries, signal: undefined };
  const api = createFetchClient<ClientPaths>({
    baseUrl: config.baseUrl,
    // Lower-case names, as a Headers object gives them, so that a caller's own header replaces ours.
    headers: { accept: 'application/json', ...(config.userAgent && { 'user-agent': config.userAgent }) },
    // The API never redirects: the loop refuses a redirect rather than following it to another origin.
    redirect: 'manual',
    // openapi-fetch's default style (form, explode, encodeURIComponent), over own properties only: its
    // own serializer loops with for-in, and would send what another library set on Object.prototype.
    querySerializer: serialiseQuery,
    fetch: (request: Request) => send(request, { ...defaults, signal: request.signal }),
  });

  /**
   * GETs `path` through openapi-fetch under the call's settings and returns `read(text)`. An error
   * status, or a body `read` throws on, becomes an ApiError whose body and headers are redacted, in case
   * a proxy echoed the credentials; any other failure goes through the one conversion into the client's errors.
   */
  async function get<T>(path: Path, query: object, read: (body: string) => T, settings: CallSettings): Promise<T> {
    const stats: CallStats = { attempts: 0, started: Date.now() };
    const taken: Taken = {};
    try {
      // The text comes from the loop's one read of the body; `stream` keeps openapi-fetch from reading one.
      const { data, error, response } = await api.GET(path, {
        params: { query } as never,
        parseAs: 'stream',
        fetch: (request: Request) => send(request, settings, stats, taken),
      });
      // The loop's one read of the body, unless a middleware answered in its place.
      const text = response === taken.response && taken.text !== undefined ? taken.text : await textOf(response, data, error);
      // An error answer comes back from the loop already redacted.
      if (!response.ok) throw ApiError.from(response.status, text, response.headers);
      try {
        return read(text);
      } catch (problem) {
        const message = redact(`${path} answered ${response.status} with an unexpected body: ${(problem as Error).message}`);
        throw ApiError.from(response.status, redactBody(text, redact), redactHeaders(response.headers, redact), message);
      }
    } catch (error) {
      throw stamp(clientError(error, `GET ${base}${path.slice(1)}${serialiseQuery(query)}`, redact, settings.signal), stats);
    }
  }

  return {
    api,
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
    listPayments: async (query, options) => get<Pagination>('/v2/payments', normaliseListPaymentsQuery(query), readPage, callSettings(defaults, options)),
    iteratePayments(query, options) {
      const normalised = normaliseListPaymentsQuery(query);
      const settings = callSettings(defaults, options);
      const limit = normalised.limit ?? ITERATION_PAGE_SIZE;
      const page = (offset: number, signal: AbortSignal) =>
        get<Pagination>('/v2/payments', { ...normalised, limit, offset }, readPage, { ...settings, signal });
      return paginate(page, normalised.offset ?? 0, limit, settings.signal);
    },
  };
}
