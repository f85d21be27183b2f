// createClient: an openapi-fetch client over the one request loop (transport.ts), plus methods that
// validate their input first, take RequestOptions last, and throw typed errors.
import createFetchClient, { type Client } from 'openapi-fetch';
import { basicAuthorization } from './auth.js';
import { ApiError } from './errors.js';
import type { components, paths } from './generated/schema.js';
import { createLog } from './logger.js';
import { callSettings, type ClientOptions, type RequestOptions, resolveOptions } from './options.js';
import { type Pagination, type PaymentIterable, paginate } from './pagination.js';
import {
  type ConfigurationOptions,
  type ListPaymentsQuery,
  normaliseConfigurationQuery,
  normaliseListPaymentsQuery,
} from './query.js';
import { readText } from './attempt.js';
import { createRedactor, redactDeep } from './redact.js';
import { type CallSettings, clientError, createTransport, stamp } from './transport.js';

export type MerchantConfiguration = components['schemas']['MerchantConfiguration'];

/**
 * The spec's paths with the `User-Agent` header parameter made optional: the client always sets it,
 * so `raw` callers need not repeat it on every call.
 */
export type ClientPaths = {
  [Path in keyof paths]: { [Key in keyof paths[Path]]: WithOptionalHeaders<paths[Path][Key]> };
};
type WithOptionalHeaders<Operation> = Operation extends { parameters: infer Params extends { header?: unknown } }
  ? Omit<Operation, 'parameters'> & { parameters: Omit<Params, 'header'> & { header?: Partial<Params['header']> } }
  : Operation;

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
  /** The underlying openapi-fetch client (`{ data, error }`), with auth, User-Agent, timeouts and retries. */
  readonly raw: Client<ClientPaths>;
}

/** The page size iteratePayments asks for when the query has no `limit`. */
export const ITERATION_PAGE_SIZE = 100;

type Path = keyof ClientPaths;

export function createClient(options: ClientOptions): MerchantClient {
  const config = resolveOptions(options);
  const authorization = basicAuthorization(config.merchantId, config.secretKey);
  const redact = createRedactor([authorization.slice(6), config.secretKey, encodeURIComponent(config.secretKey)]);
  const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
  const send = createTransport({ ...config, redact, log: createLog(config.logger, config.logLevel) });
  const defaults: CallSettings = { timeouts: config.timeouts, retries: config.retries };
  // Credentials go only below the configured base URL, and never to Ping, the one operation without
  // authentication (which answers text/plain); this is also what `raw` sends.
  const fetch = (request: Request, call: CallSettings) => {
    const url = request.url;
    if (url.startsWith(`${base}ping`)) request.headers.set('Accept', 'text/plain');
    else if (url.startsWith(base)) request.headers.set('Authorization', authorization);
    return send(request, call);
  };
  const raw = createFetchClient<ClientPaths>({
    baseUrl: config.baseUrl,
    headers: { Accept: 'application/json', ...(config.userAgent && { 'User-Agent': config.userAgent }) },
    fetch: (request: Request) => fetch(request, defaults),
  });

  /**
   * GETs `path` under the call's settings and returns `read(body)`. An error status, or a body `read`
   * throws on, becomes an ApiError whose body and headers are redacted, in case a proxy echoed the
   * credentials; any other failure goes through the one conversion into the client's errors.
   */
  async function get<T>(path: Path, query: object, read: (body: string) => T, settings: CallSettings): Promise<T> {
    const controller = new AbortController();
    const call: CallSettings = { ...settings, controller, stats: { attempts: 0, started: Date.now() }, body: undefined };
    let request: Request | undefined;
    try {
      const { response } = await raw.GET(path as '/v2/payments', {
        params: { query },
        parseAs: 'stream',
        // Only a fetch sees the abort through the Request; node:http gets the attempt's signal directly.
        ...(send.fetchBased && { signal: controller.signal }),
        fetch: (sent: Request) => fetch((request = sent), call),
      });
      const body = await readText(call.body);
      try {
        if (response.ok) return read(body);
      } catch {}
      const message = response.ok ? `${path} answered ${response.status} with an unexpected body` : undefined;
      const headers = redactDeep(Object.fromEntries(response.headers), redact) as Record<string, string>;
      throw ApiError.from(response.status, redact(body), headers, message);
    } catch (error) {
      throw stamp(clientError(error, request ?? new Request(new URL(path.slice(1), base)), redact, settings.signal), call.stats!);
    }
  }

  return {
    raw,
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
      get<Pagination>('/v2/payments', normaliseListPaymentsQuery(query), JSON.parse, callSettings(defaults, options)),
    iteratePayments(query, options) {
      const normalised = normaliseListPaymentsQuery(query);
      const settings = callSettings(defaults, options);
      const limit = normalised.limit ?? ITERATION_PAGE_SIZE;
      const page = (offset: number, signal: AbortSignal) =>
        get<Pagination>('/v2/payments', { ...normalised, limit, offset }, JSON.parse, { ...settings, signal });
      return paginate(page, normalised.offset ?? 0, limit, settings.signal);
    },
  };
}
