// createClient: an openapi-fetch client carrying auth, User-Agent and Accept middleware over the
// retrying transport, plus methods that validate input first and throw typed errors.
import createFetchClient, { type Client } from 'openapi-fetch';
import { basicAuthorization } from './auth.js';
import { ApiError } from './errors.js';
import type { components, paths } from './generated/schema.js';
import { type ClientOptions, resolveOptions } from './options.js';
import { type Pagination, type PaymentIterable, paginate } from './pagination.js';
import {
  type ConfigurationOptions,
  type ListPaymentsQuery,
  normaliseConfigurationQuery,
  normaliseListPaymentsQuery,
} from './query.js';
import { createRedactor, redactDeep } from './redact.js';
import { createTransport } from './transport.js';

export type MerchantConfiguration = components['schemas']['MerchantConfiguration'];

/** The spec's paths. `User-Agent` is an optional header there, and the middleware always sets it. */
export type ClientPaths = paths;

export interface MerchantClient {
  /** Resolves when the service answers `pong`; throws otherwise. Sends no credentials. */
  ping(): Promise<void>;
  /** The merchant's payment limits, plus the parts asked for with `include`. */
  getConfiguration(options?: ConfigurationOptions): Promise<MerchantConfiguration>;
  /** One page of payments. Validates the query first and throws ValidationError before any request. */
  listPayments(query?: ListPaymentsQuery): Promise<Pagination>;
  /**
   * Every payment matching the query, page after page, with `for await`. `limit` is the page size
   * (default 100) and `offset` the starting position. Validates the query when called.
   */
  iteratePayments(query?: ListPaymentsQuery): PaymentIterable;
  /** The underlying openapi-fetch client (`{ data, error }`), with auth, User-Agent, timeouts and retries. */
  readonly raw: Client<ClientPaths>;
}

/** The page size iteratePayments asks for when the query has no `limit`. */
export const ITERATION_PAGE_SIZE = 100;

export function createClient(options: ClientOptions): MerchantClient {
  const config = resolveOptions(options);
  const authorization = basicAuthorization(config.merchantId, config.secretKey);
  const redact = createRedactor([authorization.slice(6), config.secretKey, encodeURIComponent(config.secretKey)]);
  const raw = createFetchClient<ClientPaths>({ baseUrl: config.baseUrl, fetch: createTransport({ ...config, redact }) });
  raw.use({
    onRequest({ request: { headers }, schemaPath }) {
      // Ping is the only operation without authentication, and it answers text/plain.
      const ping = schemaPath === '/ping';
      if (!ping) headers.set('Authorization', authorization);
      if (!headers.has('Accept')) headers.set('Accept', ping ? 'text/plain' : 'application/json');
      if (config.userAgent && !headers.has('User-Agent')) headers.set('User-Agent', config.userAgent);
    },
  });

  /**
   * GETs `path` and returns `read(body)`. An error status, or a body `read` throws on, becomes an
   * ApiError whose body and headers are redacted, in case a proxy echoed the credentials.
   */
  async function get<T>(path: keyof ClientPaths, query: object, read: (body: string) => T): Promise<T> {
    const { data, error, response } = await raw.GET(path as '/v2/payments', { params: { query }, parseAs: 'text' });
    try {
      if (response.ok) return read(data ?? '');
    } catch {}
    const message = response.ok ? `${path} answered ${response.status} with an unexpected body` : undefined;
    const headers = redactDeep(Object.fromEntries(response.headers), redact) as Record<string, string>;
    throw ApiError.from(response.status, redactDeep(response.ok ? data : error, redact), headers, message);
  }

  return {
    raw,
    ping: async () =>
      get('/ping', {}, (body) => {
        if (body.trim() !== 'pong') throw new SyntaxError('not pong');
      }),
    getConfiguration: async (options) => get<MerchantConfiguration>('/v2/configuration', normaliseConfigurationQuery(options), JSON.parse),
    listPayments: async (query) => get<Pagination>('/v2/payments', normaliseListPaymentsQuery(query), JSON.parse),
    iteratePayments(query) {
      const normalised = normaliseListPaymentsQuery(query);
      const limit = normalised.limit ?? ITERATION_PAGE_SIZE;
      const page = (offset: number) => get<Pagination>('/v2/payments', { ...normalised, limit, offset }, JSON.parse);
      return paginate(page, normalised.offset ?? 0, limit);
    },
  };
}
