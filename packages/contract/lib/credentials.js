// The merchant credentials the verifier sends, and the redactor that keeps them out of everything it
// prints: the one the client uses (@merchant-ordering/client/redact), not a copy, so both hide the same
// forms (the Authorization value, its base64 with or without padding, base64url, `id:secret`, the
// secret key; URL-encoded with either hex case, JSON-escaped). A server under test may echo any of them.
import { createSecretRedactor } from '@merchant-ordering/client/redact';

const DOCUMENT_EXAMPLE = { merchantId: '32', secretKey: 'abcdefgh' };
// The redactor holds for credentials up to this length; the client refuses longer ones too.
export const MAX_CREDENTIAL_LENGTH = 1024;

/**
 * MERCHANT_ID and SECRET_KEY; for a server on localhost, the API document's example (32 / abcdefgh).
 * @param {string} baseUrl
 * @param {Record<string, string | undefined>} [env]
 * @returns {import('./types.js').Credentials}
 */
export function credentialsFor(baseUrl, env = process.env) {
  if (env.MERCHANT_ID && env.SECRET_KEY) {
    return checkCredentials({ merchantId: env.MERCHANT_ID, secretKey: env.SECRET_KEY }, { merchantId: 'MERCHANT_ID', secretKey: 'SECRET_KEY' });
  }
  const { hostname } = new URL(baseUrl);
  if (['127.0.0.1', 'localhost', '[::1]', '::1'].includes(hostname)) return DOCUMENT_EXAMPLE;
  throw new Error(`Set MERCHANT_ID and SECRET_KEY to check ${baseUrl}; the document's example credentials are only used for a local server.`);
}

/**
 * The credentials as given, or an error naming the one that is not a string of 1 to 1,024 characters (never its value).
 * @param {unknown} credentials
 * @param {{ merchantId: string, secretKey: string }} [names] how an error names each field
 * @returns {import('./types.js').Credentials}
 */
export function checkCredentials(credentials, names = { merchantId: 'credentials.merchantId', secretKey: 'credentials.secretKey' }) {
  for (const field of /** @type {const} */ (['merchantId', 'secretKey'])) {
    const value = /** @type {Partial<Record<string, unknown>> | undefined} */ (credentials)?.[field];
    if (typeof value !== 'string' || value.length === 0) throw new Error(`${names[field]} must be a non-empty string`);
    if (value.length > MAX_CREDENTIAL_LENGTH)
      throw new Error(`${names[field]} is ${value.length} characters long; at most ${MAX_CREDENTIAL_LENGTH} are supported`);
  }
  return /** @type {import('./types.js').Credentials} */ (credentials);
}

/** `(text) => text` with every form of the credentials replaced by [REDACTED]. */
/** @param {import('./types.js').Credentials} credentials */
export function redactorFor(credentials) {
  return createSecretRedactor(checkCredentials(credentials));
}
