// HTTP Basic authentication exactly as section 5 of the API document builds it, "as in RFC 7617":
// `Authorization: Basic base64(<merchantId>:<secretKey>)`, one space after `Basic`. The scheme name
// is case-insensitive (RFC 7617 through RFC 9110, section 11.1); the base64 is not, and must be the
// canonical, padded encoding (RFC 4648, section 4). Missing, malformed or wrong credentials get 401;
// no message ever repeats what was sent.
import { timingSafeEqual } from 'node:crypto';
import { SandboxHttpError } from './errors.js';

export interface Credentials {
  merchantId: string;
  secretKey: string;
}

export function basicHeader({ merchantId, secretKey }: Credentials): string {
  return `Basic ${Buffer.from(`${merchantId}:${secretKey}`, 'utf8').toString('base64')}`;
}

const SCHEME = /^basic $/i;

/**
 * @param authorization the header as Fetch's `Headers.get` gives it: repeated lines joined with ", ",
 *   which no single valid value contains, so a repeated Authorization is refused whatever its parts.
 */
export function requireCredentials(authorization: string | null, expected: Credentials): void {
  if (!authorization) throw unauthorized('Credentials are required to access this resource.');
  const encoded = authorization.slice(6);
  const sent = Buffer.from(encoded, 'base64');
  // Node's decoder skips what is not base64; encoding back shows whether anything was skipped or unpadded.
  if (!SCHEME.test(authorization.slice(0, 6)) || !encoded || sent.toString('base64') !== encoded) {
    throw unauthorized('The Authorization header must be `Basic <base64(merchantId:secretKey)>`, sent once.');
  }
  const wanted = Buffer.from(`${expected.merchantId}:${expected.secretKey}`, 'utf8');
  if (sent.length !== wanted.length || !timingSafeEqual(sent, wanted)) throw unauthorized('The Merchant ID or Secret Key is not valid.');
}

const unauthorized = (message: string) => new SandboxHttpError(401, 'unauthorized', message);
