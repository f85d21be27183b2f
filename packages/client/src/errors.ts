import type { ContactProblem } from './contact.js';

/** What `new Headers()` accepts. Spelled from the Headers class, not the DOM lib's `HeadersInit`, so a Node project without `lib: dom` (only @types/node) compiles against these types. */
export type HeadersSource = ConstructorParameters<typeof Headers>[0];

// Every error the client throws extends MerchantApiError, so callers can catch the client's errors
// as a family and branch on the subclass, as with the Stripe and OpenAI SDKs.
// Names are string literals because minifiers rename classes.

/** Base class of every error this client throws. */
export class MerchantApiError extends Error {
  override name = 'MerchantApiError';
  /** On an error from a request that was sent: how many attempts were made. */
  declare readonly attempts?: number;
  /** On an error from a request that was sent: milliseconds from the call's start to the error. */
  declare readonly durationMs?: number;

  /** The name, the message and the documented fields (all already redacted); never the stack or `cause`. */
  toJSON(): Record<string, unknown> {
    return { ...(this as object), name: this.name, message: this.message };
  }
}

/** The documented JSON error body. More fields may appear. */
export interface ApiErrorBody {
  errorCode?: string;
  errorId?: string;
  message?: string;
  httpStatusCode?: number;
}

/** An HTTP response with an error status, a redirect, or a body the client could not use. */
export class ApiError extends MerchantApiError {
  override name = 'ApiError';
  /** The HTTP status of the response. */
  declare readonly status: number;
  /** The body's `errorCode`, when the body is the documented JSON. Map errors on it and the status. */
  declare readonly errorCode: string | undefined;
  /** The body's `errorId`; quote it to support. */
  declare readonly errorId: string | undefined;
  /** The body's `httpStatusCode`. */
  declare readonly httpStatusCode: number | undefined;
  /** Response headers, with lower-case names. */
  declare readonly headers: Record<string, string>;
  /** The parsed JSON body, when the body was a JSON object. */
  declare readonly body: ApiErrorBody | undefined;
  /** For a body that is not a JSON object (an HTML page from a proxy, say): its text, tags stripped, at most 200 characters. */
  declare readonly bodyExcerpt: string | undefined;

  /** `body` is the raw text or the parsed JSON; `message` overrides the one taken from the body. */
  constructor(status: number, body: unknown, headers?: HeadersSource, message?: string) {
    const json = jsonObject(body);
    const excerpt = json ? undefined : excerptOf(typeof body === 'string' ? body : (JSON.stringify(body) ?? ''));
    super(message ?? json?.message ?? `HTTP ${status}${excerpt ? `: ${excerpt}` : ' with an empty body'}`);
    Object.assign(this, {
      status,
      errorCode: json?.errorCode,
      errorId: json?.errorId,
      httpStatusCode: json?.httpStatusCode,
      headers: Object.fromEntries(new Headers(headers)),
      body: json,
      bodyExcerpt: excerpt,
    });
  }

  /** Builds the subclass that matches the status: 401, 404, 405, 406, 422, 429 or 5xx. */
  static from(status: number, body: unknown, headers?: HeadersSource, message?: string): ApiError {
    const Subclass = byStatus[status] ?? (status >= 500 ? InternalServerError : ApiError);
    return new Subclass(status, body, headers, message);
  }
}

export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
export class MethodNotAllowedError extends ApiError {
  override name = 'MethodNotAllowedError';
}
export class NotAcceptableError extends ApiError {
  override name = 'NotAcceptableError';
}
export class UnprocessableEntityError extends ApiError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

const byStatus: Record<number, typeof ApiError> = {
  401: AuthenticationError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  406: NotAcceptableError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The connection failed: refused, reset, DNS, TLS. No HTTP status was received. */
export class ConnectionError extends MerchantApiError {
  override name = 'ConnectionError';
  /** The system error code when there is one: `ECONNREFUSED`, `ECONNRESET`, `ENOTFOUND`, a TLS code such as `CERT_HAS_EXPIRED`. */
  declare readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    Object.assign(this, { code });
  }
}

/** An attempt, or the whole call, ran out of time. */
export class TimeoutError extends MerchantApiError {
  override name = 'TimeoutError';
  /**
   * `connect`: no connection in time (with an injected fetch: no response headers); `read`: the body did
   * not arrive in time; `total`: the call's `timeouts.totalMs` ran out.
   */
  declare readonly phase: 'connect' | 'read' | 'total';
  constructor(phase: 'connect' | 'read' | 'total', message: string) {
    super(message);
    Object.assign(this, { phase });
  }
}

/** The call's `signal` aborted. `cause` is the signal's reason. */
export class AbortError extends MerchantApiError {
  override name = 'AbortError';
}

/** A response body grew past `maxResponseBytes` (counted after decompression). */
export class ResponseTooLargeError extends MerchantApiError {
  override name = 'ResponseTooLargeError';
  declare readonly maxResponseBytes: number;
  constructor(maxResponseBytes: number) {
    super(`the response body is larger than maxResponseBytes (${maxResponseBytes} bytes)`);
    Object.assign(this, { maxResponseBytes });
  }
}

/** A walk over pages that the service answers inconsistently, e.g. pages that stop bringing anything new. */
export class PaginationError extends MerchantApiError {
  override name = 'PaginationError';
}

/** Bad input caught before any request: an option, a query parameter, a contact record. */
export class ValidationError extends MerchantApiError {
  override name = 'ValidationError';
  /** The option or parameter at fault, e.g. `limit`, `timeouts.readMs`, `postcode`. */
  declare readonly param: string;
  /** The rule it broke, e.g. `required`, `type`, `integer`, `maximum`, `enum`, `format`, `unknown`. */
  declare readonly rule: string;
  /** From buildContact only: every problem with the record, as validateContact returns them. */
  declare readonly problems?: readonly ContactProblem[];
  constructor(param: string, rule: string, message: string, problems?: readonly ContactProblem[]) {
    super(message);
    Object.assign(this, problems ? { param, rule, problems } : { param, rule });
  }
}

/** The body as a JSON object, parsing it if it is text; undefined for anything else. */
function jsonObject(body: unknown): ApiErrorBody | undefined {
  try {
    const value = typeof body === 'string' ? JSON.parse(body) : body;
    return value?.constructor === Object ? value : undefined;
  } catch {
    return undefined;
  }
}

function excerptOf(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}
