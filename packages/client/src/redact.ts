// Keeps the secret key and the Authorization value out of everything the client throws: messages,
// parsed bodies and headers. An echoing proxy must not be able to leak credentials into a log.

export type Redact = (text: string) => string;

/** Returns a function that replaces every occurrence of each secret (longest first) with `[REDACTED]`. */
export function createRedactor(secrets: readonly string[]): Redact {
  const ordered = secrets.filter(Boolean).sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((out, secret) => out.replaceAll(secret, '[REDACTED]'), text);
}

/** Copies a JSON-like value with every string, keys included, redacted. */
export function redactDeep(value: unknown, redact: Redact): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key), redactDeep(item, redact)]));
}
