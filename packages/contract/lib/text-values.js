// How a server reads a query parameter, and a client a header: as text, a number or boolean only when
// written plainly, anything else left a string, so that `limit=abc` or `limit=1e2` fails the integer
// type rather than being coerced, and the schema decides.

/**
 * @param {string} text
 * @param {string | undefined} type
 * @returns {unknown}
 */
export function readScalar(text, type) {
  if ((type === 'integer' || type === 'number') && /^-?[0-9]+(\.[0-9]+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * A header value in the simple style (the only one headers have): an array is comma-separated, spaces around items ignored.
 * @param {string} text
 * @param {{ type?: string, itemType?: string }} schema how the header's text is read
 */
export function readHeader(text, { type, itemType }) {
  return type === 'array' ? text.split(',').map((item) => readScalar(item.trim(), itemType)) : readScalar(text, type);
}
