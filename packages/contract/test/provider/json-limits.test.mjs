// The measure taken of a JSON body before it is parsed: nesting depth and number of values.
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, measureJson } from '../../lib/json-limits.js';

describe('measureJson', () => {
  it('counts every value, nested ones included, and no object key', () => {
    expect(measureJson('{"a":1,"b":[true,false,null,"x",-2.5e3],"c":{}}')).toEqual({ values: 9 });
    expect(measureJson('[]')).toEqual({ values: 1 });
    expect(measureJson(' "text" ')).toEqual({ values: 1 });
  });

  it('reads brackets, braces, commas and escaped quotes inside strings as text', () => {
    expect(measureJson('{"[{,:":"]}\\",{[","k\\\\":"v"}')).toEqual({ values: 3 });
  });

  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more`, () => {
    const nested = (levels) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(measureJson(nested(MAX_JSON_DEPTH))).toEqual({ values: MAX_JSON_DEPTH });
    expect(measureJson(nested(MAX_JSON_DEPTH + 1)).problem).toBe(`is nested more than ${MAX_JSON_DEPTH} levels deep; not parsed`);
    expect(measureJson('{"a":'.repeat(MAX_JSON_DEPTH + 1)).problem).toMatch(/nested more than/);
  });

  it(`accepts ${MAX_JSON_VALUES} values and refuses one more`, () => {
    const items = (count) => `[${'0,'.repeat(count - 2)}0]`; // the array is a value too
    expect(measureJson(items(MAX_JSON_VALUES))).toEqual({ values: MAX_JSON_VALUES });
    expect(measureJson(items(MAX_JSON_VALUES + 1)).problem).toBe(`has more than ${MAX_JSON_VALUES} JSON values; not parsed`);
  });

  it('does not count depth that closes again: a long run of shallow arrays is fine', () => {
    expect(measureJson(`[${'[],'.repeat(1000)}[]]`)).toEqual({ values: 1002 });
  });
});
