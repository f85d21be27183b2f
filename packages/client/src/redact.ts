// Keeps the secret key and the Authorization value out of everything the client throws or logs:
// messages, bodies and header values. An echoing proxy or error page may repeat them in any of the
// forms text takes on the way (URL-encoded, JSON-escaped, base64 with or without padding, base64url),
// so every such form of each secret is replaced. Header names are never touched.
// `@merchant-ordering/client/redact` exports it, so that the contract kit's verifier, which also holds
// credentials and prints what servers send, redacts with this module rather than a copy of it.

import { basicAuthorization } from './auth.js';

export type Redact = (text: string) => string;

/** The forms in which `merchantId:secretKey`, its base64 (the Authorization value) and the secret key may be echoed. */
export function secretForms(merchantId: string, secretKey: string, base64Pair: string): string[] {
  const forms = new Set<string>();
  for (const value of [secretKey, `${merchantId}:${secretKey}`, base64Pair, base64Pair.replace(/=+$/, '')]) {
    for (const form of [value, value.replace(/\+/g, '-').replace(/\//g, '_')]) {
      const json = JSON.stringify(form).slice(1, -1);
      const url = encodeURIComponent(form);
      forms.add(form).add(json).add(json.replace(/\//g, '\\/')).add(url).add(url.replace(/%[\dA-F]{2}/g, (escape) => escape.toLowerCase()));
    }
  }
  return [...forms];
}

/**
 * Returns a function that replaces every occurrence of each form (longest first) with `[REDACTED]`,
 * where it is not glued to a letter or digit: a short secret such as `a` leaves `/v2/payments` and
 * `cf-ray` intact, so redaction never corrupts text (the shared vectors include secrets of 3 characters).
 * After a percent-escape (`Basic%20…`) a form still counts as standing alone.
 */
export function createRedactor(forms: readonly string[]): Redact {
  const pattern = forms
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  const search = pattern ? new RegExp(`(?:(?<![\\p{L}\\p{N}])|(?<=%[\\dA-Fa-f]{2}))(?:${pattern})(?![\\p{L}\\p{N}])`, 'gu') : undefined;
  return (text) => (search ? text.replace(search, '[REDACTED]') : text);
}

/** The redactor for one merchant's credentials: every form of the secret key, `id:secret` and the Authorization value. */
export function createSecretRedactor({ merchantId, secretKey }: { merchantId: string; secretKey: string }): Redact {
  return createRedactor(secretForms(merchantId, secretKey, basicAuthorization(merchantId, secretKey).slice('Basic '.length)));
}

/** A copy of `headers` with every value redacted; the names are left as they are. */
export function redactHeaders(headers: Headers, redact: Redact): Headers {
  return new Headers([...headers].map(([name, value]): [string, string] => [name, redact(value)]));
}

/** Copies a JSON-like value with every string value redacted; keys (header names among them) are left as they are. */
export function redactDeep(value: unknown, redact: Redact): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, redact)]));
}
