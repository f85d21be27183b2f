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
import { createRedactor, type Redact, redactDeep } from './redact.js';
import { createTransport } from './transport.js';

export type MerchantConfiguration = components['schemas']['MerchantConfiguration'];

/**
 * The spec's paths with the `User-Agent` header parameter made optional: the middleware always sets
 * it, so `raw` callers need not repeat it on every call.
 */
export type ClientPaths = {
  [Path in keyof paths]: { [Key in keyof paths[Path]]: WithOptionalHeaders<paths[Path][Key]> };
};
type WithOptionalHeaders<Operation> = Operation extends { parameters: infer Params extends { header?: unknown } }
  ? Omit<Operation, 'parameters'> & { parameters: Omit<Params, 'header'> & { header?: Partial<Params['header']> } }
  : Operation;

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
  const raw = createFetchClient<ClientPaths>({
    baseUrl: config.baseUrl,
    fetch: createTransport({ fetch: config.fetch, timeouts: config.timeouts, retries: config.retries, redact }),
  });
  raw.use({
    onRequest({ request, schemaPath }) {
      // Ping is the only operation without authentication, and it answers text/plain.
      const ping = schemaPath === '/ping';
      if (!ping) request.headers.set('Authorization', authorization);
      if (!request.headers.has('Accept')) request.headers.set('Accept', ping ? 'text/plain' : 'application/json');
      if (config.userAgent && !request.headers.has('User-Agent')) request.headers.set('User-Agent', config.userAgent);
    },
  });

  async function getJson<T>(path: '/v2/payments' | '/v2/configuration', query: object): Promise<T> {
    const { data, error, response } = await raw.GET(path, { params: { query }, parseAs: 'text' });
    if (!response.ok) throw apiError(response, error, redact);
    try {
      return JSON.parse(data ?? '') as T;
    } catch {
      throw apiError(response, data, redact, `${path} answered ${response.status} with a body that is not JSON`);
    }
  }

  return {
    raw,
    async ping() {
      const { data, error, response } = await raw.GET('/ping', { parseAs: 'text' });
      if (!response.ok) throw apiError(response, error, redact);
      if (data?.trim() !== 'pong') throw apiError(response, data, redact, `Ping answered ${response.status} without "pong"`);
    },
    getConfiguration: async (options) =>
      getJson<MerchantConfiguration>('/v2/configuration', normaliseConfigurationQuery(options)),
    listPayments: async (query) => getJson<Pagination>('/v2/payments', normaliseListPaymentsQuery(query)),
    iteratePayments(query) {
      const normalised = normaliseListPaymentsQuery(query);
      const limit = normalised.limit ?? ITERATION_PAGE_SIZE;
      return paginate((offset) => getJson<Pagination>('/v2/payments', { ...normalised, limit, offset }), normalised.offset ?? 0);
    },
  };
}

function apiError(response: Response, body: unknown, redact: Redact, message?: string): ApiError {
  const headers = redactDeep(Object.fromEntries(response.headers), redact) as Record<string, string>;
  const safeBody = redactDeep(body, redact);
  return message === undefined
    ? ApiError.from(response.status, safeBody, headers)
    : new ApiError(response.status, safeBody, headers, redact(message));
}
