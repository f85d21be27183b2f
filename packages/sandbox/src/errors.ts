// Every error the sandbox answers carries the API's documented `Error` body: errorCode, errorId,
// message and httpStatusCode, whatever the status (401, 404, 405, 406, 422, 429, 500, 503).

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
