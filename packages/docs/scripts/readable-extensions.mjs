// Redoc prints a shown extension as `name: value`, the value in monospace, and as raw JSON when it is
// an object, so the site shows no extension. In the docs-only bundle, an extension a reader needs
// becomes a sentence at the end of its object's description; one the description already states in
// words (x-timeouts: "Timeouts: 10 s to open the connection, 20 s to read") is left out. The
// published description keeps the machine-readable objects.

/** Extensions that become prose: the fields each must have, and the paragraph its value reads as. */
export const EXTENSIONS_AS_PROSE = {
  'x-document-default': {
    fields: { value: 'string', applied: 'boolean' },
    paragraph: ({ value, applied, reason }) =>
      `**The API document's default:** ${value}, ${applied ? 'which applies' : 'which does not apply'}.${reason ? ` ${reason}` : ''}`,
  },
};

/** Extensions whose object's description already says the same in words. */
export const EXTENSIONS_IN_DESCRIPTIONS = ['x-timeouts'];

/**
 * Everywhere in `docs`: moves each extension of EXTENSIONS_AS_PROSE into its object's description
 * (where a description says "(see `x-name`)", it now says "(below)") and removes the extensions of
 * EXTENSIONS_IN_DESCRIPTIONS. A value without the expected fields fails the build, naming where it is.
 * @param {unknown} docs  changed in place
 */
export function moveExtensionsIntoProse(docs, where = '#') {
  if (typeof docs !== 'object' || docs === null) return;
  for (const [key, value] of Object.entries(docs)) {
    const at = `${where}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`; // a JSON pointer
    if (EXTENSIONS_IN_DESCRIPTIONS.includes(key)) {
      delete docs[key];
    } else if (Object.hasOwn(EXTENSIONS_AS_PROSE, key)) {
      const paragraph = prose(EXTENSIONS_AS_PROSE[key], value, at);
      const description = (docs.description ?? '').replaceAll(`(see \`${key}\`)`, '(below)').trimEnd();
      docs.description = description ? `${description}\n\n${paragraph}` : paragraph;
      delete docs[key];
    } else {
      moveExtensionsIntoProse(value, at);
    }
  }
}

function prose({ fields, paragraph }, value, where) {
  const wrong = Object.entries(fields).filter(([field, type]) => typeof value?.[field] !== type);
  if (wrong.length) {
    const expected = wrong.map(([field, type]) => `${field} (${type})`).join(', ');
    throw new Error(`${where}: ${JSON.stringify(value)} lacks ${expected}, which the docs describe`);
  }
  return paragraph(value);
}
