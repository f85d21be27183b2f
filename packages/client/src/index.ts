export { createClient, ITERATION_PAGE_SIZE } from './client.js';
export type { ClientPaths, MerchantClient, MerchantConfiguration } from './client.js';
/** What `client.api.use()` takes: openapi-fetch's middleware. */
export type { Middleware } from 'openapi-fetch';
export { BASE_URLS } from './options.js';
export type { ClientOptions, Environment, RequestOptions } from './options.js';
export type { Logger, LogLevel } from './logger.js';
export type { UserAgentOptions } from './user-agent.js';
export type { FetchLike, Timeouts } from './transport.js';
export type { ConfigurationInclude, ConfigurationOptions, ListPaymentsQuery, OrderBy } from './query.js';
export type { Pagination, Payment, PaymentIterable } from './pagination.js';
export {
  AbortError,
  ApiError,
  AuthenticationError,
  ConnectionError,
  InternalServerError,
  MerchantApiError,
  MethodNotAllowedError,
  NotAcceptableError,
  NotFoundError,
  PaginationError,
  RateLimitError,
  ResponseTooLargeError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
} from './errors.js';
export type { ApiErrorBody } from './errors.js';
export type { components, operations, paths } from '@merchant-ordering/types';
export { VERSION } from './version.js';
