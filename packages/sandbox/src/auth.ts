// HTTP Basic authentication exactly as section 5 of the API document builds it, "as in RFC 7617":
// `Authorization: Basic base64(<merchantId>:<secretKey>)`, one space after `Basic`. The scheme name
// is case-insensitive (RFC 7617 through RFC 9110, section 11.1); the base64 is not, and must be the
// canonical, padded encoding (RFC 4648, section 4). Missing, malformed or wrong credentials get 401;
// no message ever repeats what was sent.
import { decodeCanonicalBase64, encodeBase64 } from './base64.js';
import { SandboxHttpError } from './errors.js';

export interface Credentials {
  merchantId: string;
  secretKey: string;
}

const utf8 = new TextEncoder();

export function basicHeader({ merchantId, secretKey }: Credentials): string {
  return `Basic ${encodeBase64(utf8.encode(`${merchantId}:${secretKey}`))}`;
}

const SCHEME = /^basic $/i;

/**
 * @param authorization the header as Fetch's `Headers.get` gives it: repeated lines joined with ", ",
 *   which no single valid value contains, so a repeated Authorization is refused whatever its parts.
 */
export function requireCredentials(authorization: string | null, expected: Credentials): void {
  if (!authorization) throw unauthorized('Credentials are required to access this resource.');
  const encoded = authorization.slice(6);
  const sent = SCHEME.test(authorization.slice(0, 6)) && encoded ? decodeCanonicalBase64(encoded) : undefined;
  if (!sent) throw unauthorized('The Authorization header must be `Basic <base64(merchantId:secretKey)>`, sent once.');
  if (!sameBytes(sent, utf8.encode(`${expected.merchantId}:${expected.secretKey}`))) throw unauthorized('The Merchant ID or Secret Key is not valid.');
}

/** Compares in time that depends on the lengths only, never on where the first difference is. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let at = 0; at < a.length; at++) difference |= a[at]! ^ b[at]!;
  return difference === 0;
}

const unauthorized = (message: string) => new SandboxHttpError(401, 'unauthorized', message);
