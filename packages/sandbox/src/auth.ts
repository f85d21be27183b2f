// HTTP Basic authentication exactly as section 5 of the API document builds it:
// `Authorization: Basic base64(<merchantId>:<secretKey>)`, one space after `Basic`.
// Missing, malformed or wrong credentials get 401; no message ever repeats what was sent.
import { timingSafeEqual } from 'node:crypto';
import { SandboxHttpError } from './errors.js';

export interface Credentials {
  merchantId: string;
  secretKey: string;
}

export function basicHeader({ merchantId, secretKey }: Credentials): string {
  return `Basic ${Buffer.from(`${merchantId}:${secretKey}`, 'utf8').toString('base64')}`;
}

export function requireCredentials(authorization: string | undefined, expected: Credentials): void {
  if (!authorization) throw unauthorized('Credentials are required to access this resource.');
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(authorization);
  if (!match) throw unauthorized('The Authorization header must be `Basic <base64(merchantId:secretKey)>`.');
  const sent = Buffer.from(match[1]!, 'base64');
  const wanted = Buffer.from(`${expected.merchantId}:${expected.secretKey}`, 'utf8');
  if (sent.length !== wanted.length || !timingSafeEqual(sent, wanted)) throw unauthorized('The Merchant ID or Secret Key is not valid.');
}

const unauthorized = (message: string) => new SandboxHttpError(401, 'unauthorized', message);
