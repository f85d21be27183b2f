// String literals for each language a sample is written in. Whatever a value holds (a share link's
// text, a typed Secret Key), it becomes exactly one literal whose value is that text: the quote and the
// escape character are escaped, and every character a reader could not see or that a compiler reads
// specially (controls, line and paragraph separators, bidirectional overrides, zero-width characters,
// unpaired surrogates) is written as the language's escape. Printable text, `Café-№5` included, stays
// as it is, so a sample reads as a person would write it.

/** A value no literal of the language can hold: a string with an unpaired surrogate. */
export class SampleValueError extends Error {
  name = 'SampleValueError';
}

// Everything but letters, marks, numbers, punctuation, symbols and the plain space: controls (Cc),
// formats (Cf: bidi overrides, zero-width joiners, BOM), surrogates, private use, unassigned,
// line and paragraph separators, and spaces other than U+0020.
const INVISIBLE = /[^\p{L}\p{M}\p{N}\p{P}\p{S} ]/u;

const hex = (codePoint, width) => codePoint.toString(16).toUpperCase().padStart(width, '0');

/**
 * @param {string} text
 * @param {{ open: string, close?: string, escapes: Record<string, string>, unicode: (codePoint: number) => string }} rules
 */
function quote(text, { open, close = open, escapes, unicode }) {
  if (typeof text !== 'string') throw new SampleValueError(`expected text, got ${typeof text}`);
  if (!text.isWellFormed()) throw new SampleValueError('the value holds an unpaired surrogate, which is not Unicode text: no literal can hold it');
  let out = '';
  for (const character of text) {
    if (Object.hasOwn(escapes, character)) out += escapes[character];
    else if (INVISIBLE.test(character)) out += unicode(character.codePointAt(0));
    else out += character;
  }
  return open + out + close;
}

const common = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** `\uXXXX`, a character outside the BMP as its two UTF-16 halves (Java, Kotlin, JavaScript). */
const utf16 = (codePoint) =>
  codePoint > 0xffff
    ? String.fromCodePoint(codePoint)
        .split('')
        .map((unit) => `\\u${hex(unit.charCodeAt(0), 4)}`)
        .join('')
    : `\\u${hex(codePoint, 4)}`;
/** `\uXXXX`, or `\UXXXXXXXX` outside the BMP (Python, Go). */
const shortOrLong = (codePoint) => (codePoint > 0xffff ? `\\U${hex(codePoint, 8)}` : `\\u${hex(codePoint, 4)}`);

export const literals = {
  /** TypeScript and JavaScript, single-quoted as the client's examples are written. */
  typescript: (text) => quote(text, { open: "'", escapes: { ...common, "'": "\\'" }, unicode: utf16 }),
  /** Python, double-quoted; a plain (never f-) string. */
  python: (text) => quote(text, { open: '"', escapes: { ...common, '"': '\\"' }, unicode: shortOrLong }),
  /** Go, an interpreted string literal. */
  go: (text) => quote(text, { open: '"', escapes: { ...common, '"': '\\"' }, unicode: shortOrLong }),
  /**
   * Java. Its compiler turns `\uXXXX` into the character before it reads the literal, so a quote,
   * a backslash or a line break must never be written that way: they have their own escapes here.
   */
  java: (text) => quote(text, { open: '"', escapes: { ...common, '"': '\\"' }, unicode: utf16 }),
  /** Kotlin: `$` starts a template, so it is escaped too. */
  kotlin: (text) => quote(text, { open: '"', escapes: { ...common, '"': '\\"', $: '\\$' }, unicode: utf16 }),
  /** Rust, a plain (not raw) string literal. */
  rust: (text) => quote(text, { open: '"', escapes: { ...common, '"': '\\"' }, unicode: (codePoint) => `\\u{${hex(codePoint, 1)}}` }),
  /** POSIX shell, single-quoted: nothing inside is special but the quote itself, closed and reopened. */
  shell: (text) => {
    if (typeof text !== 'string') throw new SampleValueError(`expected text, got ${typeof text}`);
    if (INVISIBLE.test(text) || !text.isWellFormed()) {
      throw new SampleValueError('a shell command cannot show this value: it holds control or invisible characters');
    }
    return `'${text.replace(/'/g, `'\\''`)}'`;
  },
};
