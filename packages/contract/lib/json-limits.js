// Measures a JSON text without building it, so that a body the verifier cannot afford is refused
// before JSON.parse: nesting deeper than the checks and the report can walk (a 100,000-level array
// parses, then overflows the stack of whatever recurses into it), or more values than fit in a small
// heap (16 MiB of `{},` is 5.6 million objects, about 350 MB once parsed; 500,000 keys of one object
// parse to about 20 MB, with V8 growing the object several times on the way).

export const MAX_JSON_DEPTH = 128;
export const MAX_JSON_VALUES = 500_000;

const OBJECT = 1;
const ARRAY = 2;

/**
 * Counts nesting depth and values (objects, arrays, strings, numbers, booleans and nulls; object keys
 * are not values) of a JSON text, up to the limits. For text that is not JSON the counts are rough,
 * which is enough: JSON.parse reports it.
 * @returns {{ values: number, problem?: string }}
 */
/** @param {string} text */
export function measureJson(text) {
  const stack = [];
  let values = 0;
  let expectingValue = true;
  let expectingKey = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    switch (code) {
      case 0x20:
      case 0x09:
      case 0x0a:
      case 0x0d:
        break;
      case 0x7b: // {
      case 0x5b: // [
        values += 1;
        stack.push(code === 0x7b ? OBJECT : ARRAY);
        if (stack.length > MAX_JSON_DEPTH) return { values, problem: `is nested more than ${MAX_JSON_DEPTH} levels deep; not parsed` };
        expectingKey = code === 0x7b;
        expectingValue = code === 0x5b;
        break;
      case 0x7d: // }
      case 0x5d: // ]
        stack.pop();
        expectingKey = false;
        expectingValue = false;
        break;
      case 0x2c: // ,
        expectingKey = stack.at(-1) === OBJECT;
        expectingValue = !expectingKey;
        break;
      case 0x3a: // :
        expectingKey = false;
        expectingValue = true;
        break;
      case 0x22: // a string: skip to its closing quote
        if (expectingValue) values += 1;
        expectingKey = false;
        expectingValue = false;
        for (index += 1; index < text.length; index += 1) {
          const inner = text.charCodeAt(index);
          if (inner === 0x5c) index += 1;
          else if (inner === 0x22) break;
        }
        break;
      default: // the first character of a number, true, false or null
        if (expectingValue) values += 1;
        expectingKey = false;
        expectingValue = false;
    }
    if (values > MAX_JSON_VALUES) return { values, problem: `has more than ${MAX_JSON_VALUES} JSON values; not parsed` };
  }
  return { values };
}
