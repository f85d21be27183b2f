// Every error the sandbox answers carries the API's documented `Error` body: errorCode, errorId,
// message and httpStatusCode, whatever the status (400, 401, 404, 405, 406, 422, 429, 431, 500, 503).

/** An error response to send; thrown by the request checks and turned into the body by the server. */
export class SandboxHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ErrorBody {
  errorCode: string;
  errorId: string;
  message: string;
  httpStatusCode: number;
}

export function errorBody(error: SandboxHttpError): ErrorBody {
  return { errorCode: error.errorCode, errorId: newErrorId(), message: error.message, httpStatusCode: error.status };
}

/** 16 hex characters, unique per occurrence, like the service's errorId (Web Crypto, on every host). */
function newErrorId(): string {
  let hex = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(8))) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** 422: a query value breaks a documented rule. The message names the parameter and the rule. */
export const invalidParameter = (name: string, rule: string) => new SandboxHttpError(422, 'error', `${name}: ${rule}`);

/** 500: what the service answers for a malformed date or an array sent comma-separated or with brackets. */
export const malformedQuery = (detail: string) => new SandboxHttpError(500, 'error', `An unexpected error occurred. (sandbox: ${detail})`);

// What node:http's parser refuses before any rule sees the request; the engine refuses the same on
// every other host, so that all of them answer alike.
/** The longest path and query read; node:http's parser also caps the request line with its header lines at 16 KiB. */
export const MAX_TARGET_BYTES = 8 * 1024;
export const MAX_HEAD_BYTES = 16 * 1024;

/** 400: a method not in upper case (methods are case-sensitive), or one no HTTP/1.1 parser knows. */
export const unknownMethod = () =>
  new SandboxHttpError(400, 'bad_request', 'The request method is not understood: methods are case-sensitive and sent in upper case (RFC 9110, section 9.1).');

/** 431: a request target, or a request head, over its limit. */
export const headTooLarge = () =>
  new SandboxHttpError(
    431,
    'request_header_fields_too_large',
    `The request target must be at most ${MAX_TARGET_BYTES} bytes, and the request line with its header lines at most ${MAX_HEAD_BYTES} bytes.`,
  );
