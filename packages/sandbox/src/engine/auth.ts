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
 * A check of the Authorization header against one merchant's credentials.
 * @returns a function of the header as Fetch's `Headers.get` gives it: repeated lines joined with ", ",
 *   which no single valid value contains, so a repeated Authorization is refused whatever its parts.
 */
export function credentialsCheck(expected: Credentials): (authorization: string | null) => void {
  // Canonical base64 is one text per byte string: the right header's base64 is exactly this one.
  const wanted = basicHeader(expected).slice(6);
  return (authorization) => {
    if (!authorization) throw unauthorized('Credentials are required to access this resource.');
    const encoded = authorization.slice(6);
    const schemeOk = SCHEME.test(authorization.slice(0, 6));
    if (schemeOk && sameText(encoded, wanted)) return;
    // Refused: say whether the header was malformed or the credentials wrong.
    if (!schemeOk || !encoded || !decodeCanonicalBase64(encoded))
      throw unauthorized('The Authorization header must be `Basic <base64(merchantId:secretKey)>`, sent once.');
    throw unauthorized('The Merchant ID or Secret Key is not valid.');
  };
}

/** Compares in time that depends on the lengths only, never on where the first difference is. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let at = 0; at < a.length; at++) difference |= a.charCodeAt(at) ^ b.charCodeAt(at);
  return difference === 0;
}

const unauthorized = (message: string) => new SandboxHttpError(401, 'unauthorized', message);
