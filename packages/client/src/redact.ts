// Keeps the secret key and the Authorization value out of everything the client throws or logs:
// messages, bodies and header values. An echoing proxy or error page may repeat them in any of the
// forms text takes on the way (URL-encoded, JSON-escaped, base64 with or without padding, base64url),
// so every such form of each secret is replaced. Header names are never touched.
// `@merchant-ordering/client/redact` exports it, so that the contract kit's verifier, which also holds
// credentials and prints what servers send, redacts with this module rather than a copy of it. It holds
// for any input: credentials of any length, text of any size, values nested to any depth.

import { basicAuthorization } from './auth.js';

export type Redact = (text: string) => string;

/** The forms in which `merchantId:secretKey`, its base64 (the Authorization value) and the secret key may be echoed. */
export function secretForms(merchantId: string, secretKey: string, base64Pair: string): string[] {
  const forms = new Set<string>();
  for (const value of [secretKey, `${merchantId}:${secretKey}`, base64Pair, base64Pair.replace(/=+$/, '')]) {
    for (const form of [value, value.replace(/\+/g, '-').replace(/\//g, '_')]) {
      const json = JSON.stringify(form).slice(1, -1);
      const url = urlEncoded(form);
      forms
        .add(form)
        .add(json)
        .add(json.replace(/\//g, '\\/'))
        .add(url)
        .add(url.replace(/%[\dA-F]{2}/g, (escape) => escape.toLowerCase()));
    }
  }
  forms.delete('');
  return [...forms];
}

/** encodeURIComponent, or nothing for text it cannot encode (a lone surrogate): such text cannot be echoed URL-encoded either. */
function urlEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '';
  }
}

/**
 * Returns a function that replaces every occurrence of each form (the longest where several start at
 * the same place) with `[REDACTED]`, where it is not glued to a letter or digit: a short secret such as
 * `a` leaves `/v2/payments` and `cf-ray` intact, so redaction never corrupts text (the shared vectors
 * include secrets of 3 characters). After a percent-escape (`Basic%20…`) a form still counts as standing
 * alone. A plain search for each form, not one regular expression: an alternation of the forms grows
 * with the credentials, and past a RegExp's limits (a 100,000-character merchant ID threw SyntaxError).
 */
export function createRedactor(forms: readonly string[]): Redact {
  const sorted = [...new Set(forms)].filter(Boolean).sort((a, b) => b.length - a.length);
  return (text) => {
    const found: [start: number, end: number][] = [];
    for (const form of sorted) {
      for (let start = text.indexOf(form); start >= 0; start = text.indexOf(form, start + 1)) {
        if (standsAlone(text, start, start + form.length)) found.push([start, start + form.length]);
      }
    }
    if (!found.length) return text;
    // Leftmost first and, at one place, the longest (sorted by length above, and the sort is stable).
    found.sort((a, b) => a[0] - b[0]);
    let redacted = '';
    let end = 0;
    for (const [start, stop] of found) {
      if (start < end) continue; // inside a form already replaced
      redacted += `${text.slice(end, start)}[REDACTED]`;
      end = stop;
    }
    return redacted + text.slice(end);
  };
}

/** Whether text[start, end) is not glued to a letter or digit (code points, so an emoji's halves are not split). */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 3), start);
  return (!/[\p{L}\p{N}]$/u.test(before) || /%[\dA-Fa-f]{2}$/.test(before)) && !/^[\p{L}\p{N}]/u.test(text.slice(end, end + 2));
}

/** The redactor for one merchant's credentials: every form of the secret key, `id:secret` and the Authorization value. */
export function createSecretRedactor({ merchantId, secretKey }: { merchantId: string; secretKey: string }): Redact {
  return createRedactor(secretForms(merchantId, secretKey, basicAuthorization(merchantId, secretKey).slice('Basic '.length)));
}

/**
 * A response body, redacted as text and, when it is JSON, value by value once parsed: a form escaped
 * some other way (`\u0073k…`, or JSON-escaped twice) would otherwise come back when the caller parses it.
 */
export function redactBody(text: string, redact: Redact): string {
  text = redact(text);
  try {
    // Keys are redacted with the text written again; a key `__proto__` stays a key (JSON.parse defines, never assigns).
    return redact(JSON.stringify(JSON.parse(text, (_, value: unknown) => (typeof value === 'string' ? redact(value) : value))));
  } catch {
    return text; // not JSON (an HTML page, plain text), or JSON too deep to write again
  }
}

/** A copy of `headers` with every value redacted; the names are left as they are. */
export function redactHeaders(headers: Headers, redact: Redact): Headers {
  return new Headers([...headers].map(([name, value]): [string, string] => [name, redact(value)]));
}

/**
 * Copies a JSON-like value with every string value redacted; keys (header names among them) are left as
 * they are. Iterative, so that a value nested 100,000 levels deep cannot overflow the stack; an object
 * met twice (a cycle, a shared part) is copied once.
 */
export function redactDeep(value: unknown, redact: Redact): unknown {
  const copies = new Map<object, unknown[] | Record<string, unknown>>();
  const pending: [source: object, copy: unknown[] | Record<string, unknown>][] = [];
  const copy = (item: unknown): unknown => {
    if (typeof item === 'string') return redact(item);
    if (typeof item !== 'object' || item === null) return item;
    let made = copies.get(item);
    if (!made) {
      made = Array.isArray(item) ? [] : {};
      copies.set(item, made);
      pending.push([item, made]);
    }
    return made;
  };
  const root = copy(value);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [source, target] = next;
    if (Array.isArray(target)) for (const item of source as unknown[]) target.push(copy(item));
    // defineProperty: a JSON key `__proto__` stays an own property instead of setting the prototype.
    else
      for (const [key, item] of Object.entries(source))
        Object.defineProperty(target, key, { value: copy(item), enumerable: true, writable: true, configurable: true });
  }
  return root;
}
