// What the report keeps of a scenario's violations: the first MAX_LISTED, each with its text redacted
// (a server may echo the credentials anywhere: in a value, a property name or a header) and its value
// cut down to a preview, so that a 16 MiB body failing a schema at its root, or a million failing
// items, still makes a report of a few kilobytes. A string is redacted whole before it is cut, so a
// cut never leaves part of a credential.

export const MAX_LISTED = 100;
const MAX_STRING = 200;
const MAX_ENTRIES = 10;
const MAX_DEPTH = 4;

/**
 * @param {import('./types.js').Violation[]} violations
 * @param {(text: string) => string} redact
 * @returns {{ listed: import('./types.js').Violation[], unlisted: number }}
 */
export function listViolations(violations, redact) {
  const listed = violations.slice(0, MAX_LISTED).map((violation) => {
    /** @type {import('./types.js').Violation} */
    const shown = {
      kind: violation.kind,
      location: cut(redact(violation.location)),
      message: cut(redact(violation.message), 2 * MAX_STRING),
    };
    if (violation.schemaPath !== undefined) shown.schemaPath = violation.schemaPath;
    if (violation.value !== undefined) shown.value = previewValue(violation.value, redact);
    return shown;
  });
  return { listed, unlisted: violations.length - listed.length };
}

/**
 * A small copy of a JSON value: strings redacted then cut, containers cut to their first entries and levels.
 * @param {unknown} value
 * @param {(text: string) => string} redact
 * @returns {unknown}
 */
export function previewValue(value, redact, depth = 0) {
  if (typeof value === 'string') return cut(redact(value));
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `[… ${value.length} items]` : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ENTRIES).map((item) => previewValue(item, redact, depth + 1));
    if (value.length > MAX_ENTRIES) items.push(`… ${value.length - MAX_ENTRIES} more items`);
    return items;
  }
  const keys = Object.keys(value);
  // fromEntries defines each key as an own property, `__proto__` included.
  const entries = keys
    .slice(0, MAX_ENTRIES)
    .map((key) => [cut(redact(key)), previewValue(/** @type {Record<string, unknown>} */ (value)[key], redact, depth + 1)]);
  if (keys.length > MAX_ENTRIES) entries.push(['…', `${keys.length - MAX_ENTRIES} more properties`]);
  return Object.fromEntries(entries);
}

/** @param {string} text */
function cut(text, max = MAX_STRING) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
