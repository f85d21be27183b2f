// What the report keeps of each violation: redacted text, values cut to a preview, 100 listed.
import { describe, expect, it } from 'vitest';
import { MAX_LISTED, listViolations, previewValue } from '../../lib/violation-preview.js';

const SECRET = 'c2VjcmV0LXZhbHVlLW9mLTQwLWNoYXJhY3RlcnMtISE=';
const redact = (text) => text.replaceAll(SECRET, '[REDACTED]');

describe('previewValue', () => {
  it('redacts a string whole before cutting it, so a cut never leaves part of a secret', () => {
    const preview = previewValue(`${'x'.repeat(180)}${SECRET}`, redact);
    expect(preview).toBe(`${'x'.repeat(180)}[REDACTED]`);
    expect(previewValue(`${'x'.repeat(195)}${SECRET}`, redact)).toBe(`${'x'.repeat(195)}[REDA…`);
  });

  it('redacts property names, and keeps one called __proto__ as a property', () => {
    const value = JSON.parse(`{"${SECRET}":1,"__proto__":{"a":2}}`);
    expect(JSON.stringify(previewValue(value, redact))).toBe('{"[REDACTED]":1,"__proto__":{"a":2}}');
  });

  it('keeps the first 10 items and properties, says how many more, and stops 4 levels down', () => {
    expect(previewValue([...Array(12).keys()], redact)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, '… 2 more items']);
    const wide = Object.fromEntries([...Array(11).keys()].map((index) => [`k${index}`, index]));
    expect(previewValue(wide, redact)).toEqual({ ...Object.fromEntries(Object.entries(wide).slice(0, 10)), '…': '1 more properties' });
    expect(previewValue({ a: { b: { c: { d: { e: 1 } } } }, z: [[[[[1, 2]]]]] }, redact)).toEqual({ a: { b: { c: { d: '{…}' } } }, z: [[['[… 1 items]']]] });
  });

  it('writes a number JSON cannot hold as text', () => {
    expect(previewValue(Number.POSITIVE_INFINITY, redact)).toBe('Infinity');
    expect(previewValue(12.5, redact)).toBe(12.5);
  });
});

describe('listViolations', () => {
  it(`lists the first ${MAX_LISTED}, redacted, and counts the rest`, () => {
    const violations = Array.from({ length: 250 }, (_, index) => ({
      kind: 'body',
      location: `/results/${index}/${SECRET}`,
      message: `echoes ${SECRET}`,
      schemaPath: '#/x',
      value: SECRET,
    }));
    const { listed, unlisted } = listViolations(violations, redact);
    expect(unlisted).toBe(150);
    expect(listed).toHaveLength(MAX_LISTED);
    expect(listed[0]).toEqual({ kind: 'body', location: '/results/0/[REDACTED]', message: 'echoes [REDACTED]', schemaPath: '#/x', value: '[REDACTED]' });
    expect(listViolations([{ kind: 'status', location: '', message: 'expected 200, got 500' }], redact).listed).toEqual([
      { kind: 'status', location: '', message: 'expected 200, got 500' },
    ]);
  });
});
