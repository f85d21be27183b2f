// Redoc prints an extension whose value is an object as raw JSON (`timeouts: {"openSeconds":10,...}`).
// In the docs-only bundle, the extensions the site shows (redocly.yaml, showExtensions) become the
// sentence a reader needs; the published description keeps the machine-readable objects.

/** The extensions shown on the site: the fields each must have, and the sentence its value reads as. */
export const READABLE_EXTENSIONS = {
  'x-timeouts': {
    fields: { openSeconds: 'number', readSeconds: 'number' },
    sentence: ({ openSeconds, readSeconds }) =>
      `allow ${seconds(openSeconds)} to open the connection and ${seconds(readSeconds)} to read the response`,
  },
  'x-document-default': {
    fields: { value: 'string', applied: 'boolean' },
    sentence: ({ value, applied, reason }) =>
      `the API document gives ${value} as the default, which ${applied ? 'applies' : 'does not apply'}${reason ? `: ${reason}` : ''}`,
  },
};

/**
 * Replaces, everywhere in `docs`, the value of each extension in READABLE_EXTENSIONS by its sentence.
 * A value without the expected fields fails the build, naming where it is.
 * @param {unknown} docs  changed in place
 */
export function makeExtensionsReadable(docs, where = '#') {
  if (typeof docs !== 'object' || docs === null) return;
  for (const [key, value] of Object.entries(docs)) {
    const at = `${where}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`; // a JSON pointer
    const extension = Object.hasOwn(READABLE_EXTENSIONS, key) ? READABLE_EXTENSIONS[key] : undefined;
    if (extension) docs[key] = readable(extension, value, at);
    else makeExtensionsReadable(value, at);
  }
}

function readable({ fields, sentence }, value, where) {
  const wrong = Object.entries(fields).filter(([field, type]) => typeof value?.[field] !== type);
  if (wrong.length) {
    const expected = wrong.map(([field, type]) => `${field} (${type})`).join(', ');
    throw new Error(`${where}: ${JSON.stringify(value)} lacks ${expected}, which the docs describe`);
  }
  return sentence(value);
}

function seconds(count) {
  return `${count} ${count === 1 ? 'second' : 'seconds'}`;
}
