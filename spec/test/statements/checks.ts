// Assertions shared by several sections. Each throws an AssertionError whose message says what is wrong.
import assert from 'node:assert/strict';
import { schemaValidator, type SchemaValidator } from '@merchant-ordering/test-kit/json-schema';
import type { OpenApi } from '../support/load-bundle';
import { plainText } from '../support/markdown';

/** Does `text` say `phrase`? Compares plain prose, ignoring case, code spans and line breaks. */
export const mentions = (text: string | undefined, phrase: string): boolean =>
  plainText(text ?? '')
    .toLowerCase()
    .includes(plainText(phrase).toLowerCase());

export function assertMentions(text: string | undefined, phrase: string, where: string): void {
  assert.ok(mentions(text, phrase), `${where} should say "${phrase}"; it says: ${plainText(text ?? '(nothing)')}`);
}

const stopWords = new Set(['a', 'an', 'and', 'or', 'the', 'of', 'on', 'for', 'with', 'it', 'any', 'by']);
// A crude stem, so that "depends" and "depending" count as the same word.
const stem = (word: string): string => (word.length > 4 ? word.replace(/(ing|ed|es|s)$/, '') : word);
const words = (text: string): string[] =>
  plainText(text)
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter((word) => word !== '' && !stopWords.has(word))
    .map(stem);

/** Every meaningful word of the document's phrase appears in `text` (the spec may reword around them). */
export function assertCarriesWords(text: string | undefined, phrase: string, where: string): void {
  const present = new Set(words(text ?? ''));
  const missing = words(phrase).filter((word) => !present.has(word));
  assert.deepEqual(missing, [], `${where} leaves out words of "${phrase}": ${missing.join(', ')}`);
}

// One validator per description object. Checks never mutate the object they are given (the mutation
// self-check mutates a fresh clone before any check sees it), so the cache cannot go stale.
const validators = new WeakMap<OpenApi, SchemaValidator>();
function validatorFor(spec: OpenApi): SchemaValidator {
  if (!validators.has(spec)) validators.set(spec, schemaValidator(spec));
  return validators.get(spec)!;
}

export function assertValid(spec: OpenApi, pointer: string, value: unknown, what: string): void {
  const result = validatorFor(spec).validate(pointer, value);
  assert.ok(result.valid, `${what} (${JSON.stringify(value)}) should validate against ${pointer}: ${result.errors}`);
}

export function assertInvalid(spec: OpenApi, pointer: string, value: unknown, what: string): void {
  assert.ok(!validatorFor(spec).validate(pointer, value).valid, `${what} (${JSON.stringify(value)}) should be refused by ${pointer}`);
}

export const sameMembers = (actual: Iterable<string>, expected: Iterable<string>, message: string): void =>
  assert.deepEqual([...new Set(actual)].sort(), [...new Set(expected)].sort(), message);
