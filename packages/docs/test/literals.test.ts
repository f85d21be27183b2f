// Each language's string literal holds exactly the value, for every hostile value a share link or a
// field can carry: the literal is one token of the language's grammar, and reading its escapes back
// gives the value. The generator matrix compiles and sends these values with the real compilers.
import { describe, expect, it } from 'vitest';
import { literals, SampleValueError } from '../scripts/literals.mjs';
import { HOSTILE_VALUES } from '../scripts/hostile-values.mjs';

/** A literal's grammar, and how its escapes read back, per language. */
const grammar: Record<string, { token: RegExp; escape: RegExp; read: (escape: string) => string }> = {
  typescript: { token: /^'(?:[^'\\\n\r\u2028\u2029]|\\[nrt'\\]|\\u[0-9A-F]{4})*'$/u, escape: /\\(?:u[0-9A-F]{4}|.)/gu, read: readSimple },
  python: { token: /^"(?:[^"\\\n\r]|\\[nrt"\\]|\\u[0-9A-F]{4}|\\U[0-9A-F]{8})*"$/u, escape: /\\(?:u[0-9A-F]{4}|U[0-9A-F]{8}|.)/gu, read: readSimple },
  go: { token: /^"(?:[^"\\\n\r]|\\[nrt"\\]|\\u[0-9A-F]{4}|\\U[0-9A-F]{8})*"$/u, escape: /\\(?:u[0-9A-F]{4}|U[0-9A-F]{8}|.)/gu, read: readSimple },
  java: { token: /^"(?:[^"\\\n\r]|\\[nrt"\\]|\\u[0-9A-F]{4})*"$/u, escape: /\\(?:u[0-9A-F]{4}|.)/gu, read: readSimple },
  kotlin: { token: /^"(?:[^"\\\n\r$]|\\[nrt"\\$]|\\u[0-9A-F]{4})*"$/u, escape: /\\(?:u[0-9A-F]{4}|.)/gu, read: readSimple },
  rust: { token: /^"(?:[^"\\\r]|\\[nrt"\\]|\\u\{[0-9A-F]{1,6}\})*"$/u, escape: /\\(?:u\{[0-9A-F]{1,6}\}|.)/gu, read: readSimple },
};

function readSimple(escape: string): string {
  const simple: Record<string, string> = { '\\n': '\n', '\\r': '\r', '\\t': '\t', '\\"': '"', "\\'": "'", '\\\\': '\\', '\\$': '$' };
  if (escape in simple) return simple[escape]!;
  const hex = /^\\(?:u\{([0-9A-F]+)\}|[uU]([0-9A-F]+))$/.exec(escape);
  if (!hex) throw new Error(`unknown escape ${escape}`);
  const code = Number.parseInt(hex[1] ?? hex[2]!, 16);
  return code >= 0xd800 && code <= 0xdfff ? String.fromCharCode(code) : String.fromCodePoint(code);
}

describe.each(Object.entries(grammar))('the %s string literal', (language, { token, escape, read }) => {
  const literal = literals[language as keyof typeof literals];

  it.each(HOSTILE_VALUES)('holds %j as one literal whose value is exactly the text', (value) => {
    const written = literal(value);
    expect(written).toMatch(token);
    expect(written.slice(1, -1).replace(escape, read)).toBe(value);
  });

  it('shows printable text as it is, and hidden characters as escapes', () => {
    expect(literal('Café-№5 😀')).toBe(`${written('Café-№5 😀')}`);
    expect(literal('a\u202Eb')).not.toContain('\u202E');
    expect(literal('a\u200Bb')).not.toContain('\u200B');
    function written(text: string) {
      const quote = language === 'typescript' ? "'" : '"';
      return `${quote}${text}${quote}`;
    }
  });

  it('refuses text with an unpaired surrogate, which no literal can hold', () => {
    expect(() => literal('a\uD800b')).toThrow(SampleValueError);
  });
});

describe('the Java string literal', () => {
  it('never writes a quote, a backslash or a line break as \\uXXXX, which javac reads before the literal', () => {
    for (const value of [...HOSTILE_VALUES, '"\\\n\r']) {
      // Java's rule: a backslash starts a \u escape only after an even number of backslashes.
      expect(literals.java(value)).not.toMatch(/(?<!\\)(\\\\)*\\u00(22|5C|0A|0D)/i);
    }
  });
});

describe('the shell literal', () => {
  it.each(HOSTILE_VALUES.filter((value) => !/[\u0000-\u001f\u2028\u2029\u200b\ufeff\u202e\u2066\u2069]/.test(value)))(
    'quotes %j so that the shell reads it back as one word',
    (value) => {
      const written = literals.shell(value);
      expect(written).toMatch(/^'([^']|'\\'')*'$/);
      expect(written.slice(1, -1).replaceAll(`'\\''`, "'")).toBe(value);
    },
  );

  it('refuses control and invisible characters, which would reach a terminal', () => {
    expect(() => literals.shell('a\u001b[31m')).toThrow(SampleValueError);
    expect(() => literals.shell('a\u202Eb')).toThrow(SampleValueError);
  });
});
