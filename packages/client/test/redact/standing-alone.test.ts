// Redaction replaces a credential only where it stands alone: not glued to a letter or digit on either
// side (a short secret must not corrupt the text around it), even at the very start of the text; of
// two forms at one place, the longer.
import { describe, expect, it } from 'vitest';
import { createRedactor, redactDeep } from '../../src/redact.js';

const redact = createRedactor(['secret']);

describe('a form glued to a letter or digit is left alone', () => {
  it.each([
    ['one character before it, at the start of the text', 'asecret tail', 'asecret tail'],
    ['two characters before it', 'absecret tail', 'absecret tail'],
    ['a letter right after it', 'secretx tail', 'secretx tail'],
    ['a digit after it', 'the secret9 tail', 'the secret9 tail'],
    ['nothing glued: replaced', 'a secret tail', 'a [REDACTED] tail'],
    ['after a percent-escape: replaced', 'Basic%20secret', 'Basic%20[REDACTED]'],
    ['at the very start: replaced', 'secret tail', '[REDACTED] tail'],
  ])('%s', (_, text, expected) => {
    expect(redact(text)).toBe(expected);
  });
});

describe('forms that overlap', () => {
  it('where two forms stand alone at one place, the longer is replaced whole, whatever order they are given in', () => {
    // `a` stands alone inside `a-b` (a dash follows it), so both match at the start.
    expect(createRedactor(['a', 'a-b'])('x a-b y')).toBe('x [REDACTED] y');
    expect(createRedactor(['a-b', 'a'])('x a-b y')).toBe('x [REDACTED] y');
  });

  it('an empty form is ignored', () => {
    expect(createRedactor(['', 'secret'])('a secret, a tail')).toBe('a [REDACTED], a tail');
  });
});

describe('redactDeep', () => {
  it("copies into plain properties: enumerable, writable and configurable, as JSON.parse's are", () => {
    const copy = redactDeep({ note: 'a secret', nested: { list: ['secret'] } }, redact) as Record<string, unknown>;
    expect(copy).toEqual({ note: 'a [REDACTED]', nested: { list: ['[REDACTED]'] } });
    expect(Object.getOwnPropertyDescriptor(copy, 'note')).toEqual({ value: 'a [REDACTED]', enumerable: true, writable: true, configurable: true });
    expect(JSON.stringify(copy)).toBe('{"note":"a [REDACTED]","nested":{"list":["[REDACTED]"]}}');
  });
});
