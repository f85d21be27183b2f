// Two rules at their exact limits: a violation's value preview (lib/violation-preview.js: 10 entries,
// 200 characters, scalars kept as they are, keys present only when set) and the leap second of
// `format: date-time` when the offset moves it to the day before or after (lib/date-time-format.js).
import { describe, expect, it } from 'vitest';
import { isDateTime } from '../../lib/date-time-format.js';
import { listViolations, previewValue } from '../../lib/violation-preview.js';

const same = (text) => text;

describe('value previews at their limits', () => {
  it('10 items or properties are kept whole; the 11th is counted', () => {
    const ten = Array.from({ length: 10 }, (_, index) => index);
    expect(previewValue(ten, same)).toEqual(ten);
    expect(previewValue([...ten, 10], same)).toEqual([...ten, '… 1 more items']);
    const tenKeys = Object.fromEntries(ten.map((index) => [`k${index}`, index]));
    expect(previewValue(tenKeys, same)).toEqual(tenKeys);
    expect(previewValue({ ...tenKeys, k10: 10 }, same)).toEqual({ ...tenKeys, '…': '1 more properties' });
  });

  it('a string of 200 characters is kept; of 201, cut', () => {
    expect(previewValue('x'.repeat(200), same)).toBe('x'.repeat(200));
    expect(previewValue('x'.repeat(201), same)).toBe(`${'x'.repeat(200)}…`);
  });

  it('null, booleans and finite numbers are kept as they are', () => {
    expect(previewValue(null, same)).toBe(null);
    expect(previewValue(true, same)).toBe(true);
    expect(previewValue(false, same)).toBe(false);
    expect(previewValue(0, same)).toBe(0);
    expect(previewValue([null, true, { a: null }], same)).toEqual([null, true, { a: null }]);
  });

  it('a listed violation has schemaPath and value only when it had them', () => {
    const { listed } = listViolations(
      [
        { kind: 'status', location: '', message: 'expected 200, got 500' },
        { kind: 'body', location: '/a', message: 'must be string', schemaPath: '#/x/type', value: null },
        { kind: 'body', location: '/b', message: 'must be string', value: false },
      ],
      same,
    );
    expect(listed).toStrictEqual([
      { kind: 'status', location: '', message: 'expected 200, got 500' },
      { kind: 'body', location: '/a', message: 'must be string', schemaPath: '#/x/type', value: null },
      { kind: 'body', location: '/b', message: 'must be string', value: false },
    ]);
  });
});

describe('leap seconds moved across a day by the offset', () => {
  it('on the 1st, an offset that puts it at 23:59 UTC the day before (the last day of a month)', () => {
    expect(isDateTime('2026-07-01T00:30:60+00:31')).toBe(true);
    expect(isDateTime('2026-07-01T05:29:60+05:30')).toBe(true);
  });

  it('not on another day, and not at another minute of the day before', () => {
    expect(isDateTime('2026-07-02T00:30:60+00:31')).toBe(false);
    expect(isDateTime('2026-07-01T00:30:60+00:32')).toBe(false);
  });

  it('an offset that puts it on the day after ends no month', () => {
    expect(isDateTime('2026-06-30T23:30:60-00:31')).toBe(false);
    expect(isDateTime('2026-06-30T23:30:60-00:29')).toBe(true);
  });
});
