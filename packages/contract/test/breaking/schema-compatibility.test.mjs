// The directional schema comparison (lib/schema-compatibility.js), keyword by keyword: for each keyword
// and each direction (a request must still accept what it accepted: narrowing breaks; a response must
// allow nothing new: widening breaks), the exact changes reported, with their kind, place and message.
import { describe, expect, it } from 'vitest';
import { compareSchemas } from '../../lib/schema-compatibility.js';

/** @param {Record<string, unknown>} [schemas] */
const docOf = (schemas = {}) => ({ openapi: '3.1.0', info: { title: 't', version: '1.0.0' }, paths: {}, components: { schemas } });

/**
 * The changes from `oldSchema` to `newSchema` in one direction, reported at `body`.
 * @param {unknown} oldSchema
 * @param {unknown} newSchema
 * @param {'request' | 'response'} direction
 * @param {{ oldSchemas?: Record<string, unknown>, newSchemas?: Record<string, unknown> }} [components]
 */
function compare(oldSchema, newSchema, direction, { oldSchemas, newSchemas } = {}) {
  return compareSchemas({ oldDoc: docOf(oldSchemas), newDoc: docOf(newSchemas ?? oldSchemas) }, oldSchema, newSchema, direction, 'body');
}

const narrowed = (message, where = 'body') => ({ breaking: true, kind: 'narrowed-constraint', where, message });
const widened = (message, where = 'body') => ({ breaking: true, kind: 'widened-response-constraint', where, message });
const retyped = (message, where = 'body') => ({ breaking: true, kind: 'retyped', where, message });

describe('ordered bounds: a tighter bound narrows, a looser one widens', () => {
  // [keyword, a value, a tighter value]
  const cases = [
    ['maximum', 10, 5],
    ['exclusiveMaximum', 10, 5],
    ['maxLength', 10, 5],
    ['maxItems', 10, 5],
    ['maxProperties', 10, 5],
    ['minimum', 5, 10],
    ['exclusiveMinimum', 5, 10],
    ['minLength', 5, 10],
    ['minItems', 5, 10],
    ['minProperties', 5, 10],
  ];
  it.each(cases)('%s', (keyword, loose, tight) => {
    const at = (value) => (value === undefined ? {} : { [keyword]: value });
    // Tightened: breaks requests only.
    expect(compare(at(loose), at(tight), 'request')).toEqual([narrowed(`${keyword} ${loose} -> ${tight}`)]);
    expect(compare(at(loose), at(tight), 'response')).toEqual([]);
    // Loosened: breaks responses only.
    expect(compare(at(tight), at(loose), 'request')).toEqual([]);
    expect(compare(at(tight), at(loose), 'response')).toEqual([widened(`${keyword} ${tight} -> ${loose}`)]);
    // Added: a new limit narrows; dropped: the limit is gone, which widens.
    expect(compare(at(undefined), at(tight), 'request')).toEqual([narrowed(`${keyword} none -> ${tight}`)]);
    expect(compare(at(undefined), at(tight), 'response')).toEqual([]);
    expect(compare(at(tight), at(undefined), 'request')).toEqual([]);
    expect(compare(at(tight), at(undefined), 'response')).toEqual([widened(`${keyword} ${tight} -> none`)]);
    // Unchanged, including a zero bound.
    expect(compare(at(tight), at(tight), 'request')).toEqual([]);
    expect(compare(at(tight), at(tight), 'response')).toEqual([]);
    expect(compare(at(0), at(0), 'response')).toEqual([]);
  });

  it('a bound of zero is a bound, not "none"', () => {
    expect(compare({ minLength: 0 }, { minLength: 1 }, 'request')).toEqual([narrowed('minLength 0 -> 1')]);
    expect(compare({ maxItems: 1 }, { maxItems: 0 }, 'request')).toEqual([narrowed('maxItems 1 -> 0')]);
    expect(compare({ maxItems: 0 }, {}, 'response')).toEqual([widened('maxItems 0 -> none')]);
  });
});

describe('rules that cannot be ordered: added narrows, dropped widens, changed does both', () => {
  // [keyword, one value, another value] (same JSON type, so the type does not change with them)
  const cases = [
    ['pattern', '^[a-z]+$', '^[a-c]+$'],
    ['format', 'date', 'date-time'],
    ['multipleOf', 2, 4],
    ['const', 'a', 'b'],
    ['contentMediaType', 'image/png', 'image/jpeg'],
    ['contentEncoding', 'base64', 'base32'],
  ];
  it.each(cases)('%s', (keyword, one, other) => {
    const at = (value) =>
      value === undefined
        ? { type: typeof one === 'number' ? 'integer' : 'string' }
        : { type: typeof one === 'number' ? 'integer' : 'string', [keyword]: value };
    const [a, b] = [JSON.stringify(one), JSON.stringify(other)];
    expect(compare(at(undefined), at(one), 'request')).toEqual([narrowed(`${keyword} none -> ${a}`)]);
    expect(compare(at(undefined), at(one), 'response')).toEqual([]);
    expect(compare(at(one), at(undefined), 'request')).toEqual([]);
    expect(compare(at(one), at(undefined), 'response')).toEqual([widened(`${keyword} ${a} -> none`)]);
    const changed = `${keyword} ${a} -> ${b} (a changed rule may refuse what the old one allowed)`;
    expect(compare(at(one), at(other), 'request')).toEqual([narrowed(changed)]);
    expect(compare(at(one), at(other), 'response')).toEqual([widened(changed)]);
    expect(compare(at(one), at(one), 'request')).toEqual([]);
    expect(compare(at(one), at(one), 'response')).toEqual([]);
  });

  it('uniqueItems: false is the same as leaving it out', () => {
    expect(compare({ type: 'array', uniqueItems: false }, { type: 'array' }, 'response')).toEqual([]);
    expect(compare({ type: 'array' }, { type: 'array', uniqueItems: false }, 'request')).toEqual([]);
    expect(compare({ type: 'array', uniqueItems: true }, { type: 'array', uniqueItems: false }, 'response')).toEqual([widened('uniqueItems true -> none')]);
    expect(compare({ type: 'array', uniqueItems: true }, { type: 'array', uniqueItems: false }, 'request')).toEqual([]);
    expect(compare({ type: 'array', uniqueItems: false }, { type: 'array', uniqueItems: true }, 'request')).toEqual([narrowed('uniqueItems none -> true')]);
    expect(compare({ type: 'array', uniqueItems: false }, { type: 'array', uniqueItems: true }, 'response')).toEqual([]);
  });

  it('a const compares as JSON (object keys in any order)', () => {
    expect(compare({ const: { a: 1, b: 2 } }, { const: { b: 2, a: 1 } }, 'request')).toEqual([]);
    expect(compare({ const: { a: 1 } }, { const: { a: 2 } }, 'response')).toEqual([
      widened('const {"a":1} -> {"a":2} (a changed rule may refuse what the old one allowed)'),
    ]);
  });

  it('a pattern matching one literal string is that const', () => {
    expect(compare({ type: 'string', pattern: '^pong$' }, { type: 'string', const: 'pong' }, 'request')).toEqual([]);
    expect(compare({ type: 'string', const: 'pong' }, { type: 'string', pattern: '^pong$' }, 'response')).toEqual([]);
    // Not a literal: a dot, an alternation, no anchors.
    for (const pattern of ['^po.g$', 'a|^pong$', '^pong$|a', 'pong']) {
      expect(compare({ type: 'string', pattern }, { type: 'string', const: 'pong' }, 'request')).toEqual([narrowed('const none -> "pong"')]);
      expect(compare({ type: 'string', pattern }, { type: 'string', const: 'pong' }, 'response')).toEqual([
        widened(`pattern ${JSON.stringify(pattern)} -> none`),
      ]);
    }
    // A pattern beside a const is kept as a pattern.
    expect(compare({ type: 'string', pattern: '^pong$', const: 'pong' }, { type: 'string', const: 'pong' }, 'response')).toEqual([
      widened('pattern "^pong$" -> none'),
    ]);
    // An anyOf of literals is not a string with a pattern.
    expect(compare({ type: 'string', pattern: '^a$' }, { type: 'string', pattern: '^b$' }, 'request')).toEqual([
      narrowed('const "a" -> "b" (a changed rule may refuse what the old one allowed)'),
    ]);
  });
});

describe('types', () => {
  it('a changed type: requests lose the old type, responses gain the new one', () => {
    expect(compare({ type: 'string' }, { type: 'boolean' }, 'request')).toEqual([retyped('type string -> boolean: no longer accepts string')]);
    expect(compare({ type: 'string' }, { type: 'boolean' }, 'response')).toEqual([retyped('type string -> boolean: may now be boolean')]);
  });

  it('integer is a kind of number', () => {
    expect(compare({ type: 'integer' }, { type: 'number' }, 'request')).toEqual([]);
    expect(compare({ type: 'integer' }, { type: 'number' }, 'response')).toEqual([retyped('type integer -> number: may now be number')]);
    expect(compare({ type: 'number' }, { type: 'integer' }, 'request')).toEqual([retyped('type number -> integer: no longer accepts number')]);
    expect(compare({ type: 'number' }, { type: 'integer' }, 'response')).toEqual([]);
    // but a number is not a kind of integer, nor a string a kind of number
    expect(compare({ type: 'string' }, { type: 'number' }, 'request')).toEqual([retyped('type string -> number: no longer accepts string')]);
  });

  it('no type accepts any type', () => {
    expect(compare({}, { type: 'string' }, 'request')).toEqual([retyped('type any -> string: no longer accepts any other type')]);
    expect(compare({}, { type: 'string' }, 'response')).toEqual([]);
    expect(compare({ type: 'string' }, {}, 'request')).toEqual([]);
    expect(compare({ type: 'string' }, {}, 'response')).toEqual([retyped('type string -> any: may now be any other type')]);
    expect(compare({}, {}, 'request')).toEqual([]);
    expect(compare({}, {}, 'response')).toEqual([]);
    expect(compare(true, {}, 'response')).toEqual([]);
    expect(compare({}, true, 'request')).toEqual([]);
  });

  it('lists of types, names outside JSON ignored', () => {
    expect(compare({ type: ['string', 'null'] }, { type: 'string' }, 'request')).toEqual([retyped('type string|null -> string: no longer accepts null')]);
    expect(compare({ type: ['string', 'null'] }, { type: 'string' }, 'response')).toEqual([]);
    expect(compare({ type: 'string' }, { type: ['string', 'integer', 'null'] }, 'response')).toEqual([
      retyped('type string -> string|integer|null: may now be integer, null'),
    ]);
    expect(compare({ type: ['string', 'integer', 'null'] }, { type: 'string' }, 'request')).toEqual([
      retyped('type string|integer|null -> string: no longer accepts integer, null'),
    ]);
    expect(compare({ type: ['string', 'binary'] }, { type: 'string' }, 'request')).toEqual([]);
  });

  it('without a type, a const or enum has the types of its values', () => {
    const all = [null, [1], 1, 1.5, true, 'x', { a: 1 }];
    expect(compare({ enum: all }, { type: 'string' }, 'request')).toEqual([
      retyped('type null|array|integer|number|boolean|string|object -> string: no longer accepts null, array, integer, number, boolean, object'),
    ]);
    expect(compare({ type: 'string' }, { const: 1 }, 'response')).toEqual([retyped('type string -> integer: may now be integer')]);
    expect(compare({ const: 'a' }, { const: 2.5 }, 'request')).toEqual([
      retyped('type string -> number: no longer accepts string'),
      narrowed('const "a" -> 2.5 (a changed rule may refuse what the old one allowed)'),
    ]);
    expect(compare({ const: null }, { type: 'null' }, 'request')).toEqual([]);
    expect(compare({ const: [1] }, { type: 'array' }, 'request')).toEqual([]);
    expect(compare({ const: true }, { type: 'boolean' }, 'request')).toEqual([]);
    expect(compare({ const: 3 }, { type: 'integer' }, 'request')).toEqual([]);
  });

  it('without a type, an anyOf or oneOf has the types its branches allow between them', () => {
    for (const keyword of ['anyOf', 'oneOf']) {
      expect(compare({ [keyword]: [{ type: 'string' }, { type: 'integer' }] }, { type: 'string' }, 'request')).toEqual([
        retyped('type string|integer -> string: no longer accepts integer'),
        narrowed(`${keyword}: 2 alternative(s) removed or changed`),
      ]);
      // A branch without a type lets the union be anything.
      expect(compare({ [keyword]: [{ type: 'string' }, { minimum: 1 }] }, { type: 'string' }, 'request')).toEqual([
        retyped('type any -> string: no longer accepts any other type'),
        narrowed(`${keyword}: 2 alternative(s) removed or changed`),
      ]);
    }
    // Branches by reference, and a const branch.
    const schemas = { Text: { type: 'string' } };
    expect(
      compare({ anyOf: [{ $ref: '#/components/schemas/Text' }, { const: 1 }] }, { type: ['string', 'integer'] }, 'request', { oldSchemas: schemas }),
    ).toEqual([narrowed('anyOf: 2 alternative(s) removed or changed')]);
  });
});

describe('enums', () => {
  it('a removed value breaks both directions', () => {
    for (const direction of ['request', 'response']) {
      expect(compare({ type: 'string', enum: ['a', 'b', 'c'] }, { type: 'string', enum: ['a'] }, direction)).toEqual([
        { breaking: true, kind: 'removed-enum-value', where: 'body', message: 'enum value(s) removed: "b", "c"' },
      ]);
    }
  });

  it('an added value breaks responses (a closed enum) only', () => {
    expect(compare({ type: 'string', enum: ['a'] }, { type: 'string', enum: ['a', 'b', 'c'] }, 'request')).toEqual([]);
    expect(compare({ type: 'string', enum: ['a'] }, { type: 'string', enum: ['a', 'b', 'c'] }, 'response')).toEqual([
      { breaking: true, kind: 'added-response-enum-value', where: 'body', message: 'closed enum gained "b", "c"; clients may not handle it' },
    ]);
  });

  it('values compare as JSON, in any order', () => {
    expect(compare({ enum: [{ a: 1, b: 2 }, 'x'] }, { enum: ['x', { b: 2, a: 1 }] }, 'request')).toEqual([]);
    expect(compare({ enum: [{ a: 1, b: 2 }, 'x'] }, { enum: ['x', { b: 2, a: 1 }] }, 'response')).toEqual([]);
  });

  it('an enum added narrows; one dropped widens', () => {
    expect(compare({ type: 'string' }, { type: 'string', enum: ['a'] }, 'request')).toEqual([narrowed('enum added: ["a"]')]);
    expect(compare({ type: 'string' }, { type: 'string', enum: ['a'] }, 'response')).toEqual([]);
    expect(compare({ type: 'string', enum: ['a'] }, { type: 'string' }, 'response')).toEqual([widened('enum ["a"] removed: any value may now appear')]);
    expect(compare({ type: 'string', enum: ['a'] }, { type: 'string' }, 'request')).toEqual([]);
  });

  it('an enum beside an open branch is documentation: adding to it or dropping it breaks nothing', () => {
    const open = (values) => ({ anyOf: [{ enum: values }, { minLength: 1 }] });
    expect(compare(open(['a']), open(['a', 'b']), 'response')).toEqual([]);
    // Beside another closed branch it is a closed enum.
    const closed = (values) => ({ anyOf: [{ enum: values }, { enum: ['x'] }] });
    expect(compare(closed(['a']), closed(['a', 'b']), 'response')).toEqual([
      { breaking: true, kind: 'added-response-enum-value', where: 'body /anyOf[0]', message: 'closed enum gained "b"; clients may not handle it' },
    ]);
    expect(compare(closed(['a']), closed(['a', 'b']), 'request')).toEqual([]);
    // An enum dropped from a branch beside an open one: the branch may now be any value, but no enum widened.
    expect(compare({ anyOf: [{ enum: ['a'] }, { enum: ['x'] }] }, { anyOf: [{ minLength: 2 }, { enum: ['x'] }] }, 'response')).toEqual([
      retyped('type string -> any: may now be any other type'),
      retyped('type string -> any: may now be any other type', 'body /anyOf[0]'),
    ]);
  });
});

describe('a closed enum stays closed wherever it is nested', () => {
  const gained = (where) => ({ breaking: true, kind: 'added-response-enum-value', where, message: 'closed enum gained "b"; clients may not handle it' });
  const enumOf = (values) => ({ type: 'string', enum: values });
  it.each([
    ['items', (e) => ({ type: 'array', items: e }), 'body /[]'],
    ['prefixItems', (e) => ({ type: 'array', prefixItems: [e] }), 'body /[0]'],
    ['a property', (e) => ({ type: 'object', properties: { a: e } }), 'body /a'],
    ['additionalProperties', (e) => ({ type: 'object', additionalProperties: e }), 'body /{additional}'],
    ['allOf', (e) => ({ allOf: [e] }), 'body /allOf[0]'],
  ])('%s', (_, wrap, where) => {
    expect(compare(wrap(enumOf(['a'])), wrap(enumOf(['a', 'b'])), 'response')).toEqual([gained(where)]);
    expect(compare(wrap(enumOf(['a'])), wrap(enumOf(['a', 'b'])), 'request')).toEqual([]);
  });

  it('and dropping it widens there', () => {
    expect(compare({ type: 'array', items: enumOf(['a']) }, { type: 'array', items: { type: 'string' } }, 'response')).toEqual([
      widened('enum ["a"] removed: any value may now appear', 'body /[]'),
    ]);
  });
});

describe('open strings: known values kept aside', () => {
  const knownValues = (values) => ({ Codes: { type: 'string', enum: values } });
  const withKnown = { type: 'string', minLength: 1, 'x-known-values': { $ref: '#/components/schemas/Codes' } };
  const removedKnown = (values) => ({
    breaking: true,
    kind: 'removed-enum-value',
    where: 'body',
    message: `known value(s) removed: ${values.map((value) => JSON.stringify(value)).join(', ')}; generated clients lose their constants`,
  });

  it('a removed known value breaks both directions; an added one nothing', () => {
    for (const direction of ['request', 'response']) {
      expect(compare(withKnown, withKnown, direction, { oldSchemas: knownValues(['a', 'b', 'c']), newSchemas: knownValues(['a']) })).toEqual([
        removedKnown(['b', 'c']),
      ]);
      expect(compare(withKnown, withKnown, direction, { oldSchemas: knownValues(['a']), newSchemas: knownValues(['a', 'b']) })).toEqual([]);
    }
  });

  it('x-known-values and anyOf [{type: string, enum}, {type: string, rule}] are one open string', () => {
    const anyOfForm = (values) => ({
      anyOf: [
        { type: 'string', enum: values },
        { type: 'string', minLength: 1 },
      ],
    });
    for (const direction of ['request', 'response']) {
      expect(compare(anyOfForm(['a', 'b']), withKnown, direction, { oldSchemas: knownValues(['a', 'b']) })).toEqual([]);
      expect(compare(withKnown, anyOfForm(['a', 'b']), direction, { oldSchemas: knownValues(['a', 'b']) })).toEqual([]);
      expect(compare(anyOfForm(['a', 'b']), withKnown, direction, { oldSchemas: knownValues(['a']) })).toEqual([removedKnown(['b'])]);
      expect(compare(withKnown, anyOfForm(['a']), direction, { oldSchemas: knownValues(['a', 'b']) })).toEqual([removedKnown(['b'])]);
      // Dropping the known values altogether
      expect(compare(anyOfForm(['a', 'b']), { type: 'string', minLength: 1 }, direction)).toEqual([removedKnown(['a', 'b'])]);
    }
  });

  it('the type may come from the parent, and const branches are known values too', () => {
    const parentTyped = { type: 'string', anyOf: [{ const: 'a' }, { const: 'b' }, { minLength: 1 }] };
    for (const direction of ['request', 'response']) {
      expect(compare(parentTyped, withKnown, direction, { oldSchemas: knownValues(['a', 'b']) })).toEqual([]);
      expect(compare(withKnown, parentTyped, direction, { oldSchemas: knownValues(['a', 'b']) })).toEqual([]);
      expect(compare(withKnown, parentTyped, direction, { oldSchemas: knownValues(['a', 'b', 'c']) })).toEqual([removedKnown(['c'])]);
    }
  });

  it('each known value must fit the rule, at its limits included', () => {
    const rule = { type: 'string', minLength: 2, maxLength: 3, pattern: '^\\p{Ll}+$' };
    const anyOfForm = (values) => ({ anyOf: [{ type: 'string', enum: values }, rule] });
    const known = { ...rule, 'x-known-values': { $ref: '#/components/schemas/Codes' } };
    // 'ab' (2) and 'abc' (3) fit, lower-case letters by Unicode property.
    expect(compare(anyOfForm(['ab', 'abc', 'éé']), known, 'request', { oldSchemas: knownValues(['ab', 'abc', 'éé']) })).toEqual([]);
    // One value too short, too long or off the pattern: not an open string, but a union that became a string.
    for (const misfit of ['a', 'abcd', 'AB', 12]) {
      const old = anyOfForm(['ab', misfit]);
      const changes = compare(old, known, 'request', { oldSchemas: knownValues(['ab']) });
      expect(changes).toContainEqual(narrowed('anyOf: 2 alternative(s) removed or changed'));
    }
  });

  it('not an open string: a rule that repeats a keyword of the parent, no rule, two rules, a rule not for strings, a rule with subschemas', () => {
    const notOpen = [
      { type: 'string', minLength: 3, anyOf: [{ enum: ['abc', 'abd'] }, { minLength: 1 }] },
      { type: 'string', anyOf: [{ enum: ['a', 'b'] }, { enum: ['c'] }] },
      { type: 'string', anyOf: [{ enum: ['a', 'b'] }, { minLength: 1 }, { maxLength: 9 }] },
      { anyOf: [{ enum: [1, 2] }, { type: 'integer', minimum: 0 }] },
      { anyOf: [{ enum: ['a', 'b'] }, { minLength: 1 }] },
      { type: 'string', anyOf: [{ enum: ['a', 'b'] }, { anyOf: [{ minLength: 1 }] }] },
      { type: 'string', anyOf: [{ enum: ['a', 'b'] }, { oneOf: [{ minLength: 1 }] }] },
      { type: 'string', anyOf: [{ enum: ['a', 'b'] }, { allOf: [{ minLength: 1 }] }] },
      { type: 'string', anyOf: [{ enum: ['a', 'b'] }, { not: { maxLength: 0 } }] },
    ];
    for (const schema of notOpen) {
      // Its branches are compared one by one: a value removed is reported in its branch, as an enum value.
      const [first, ...rest] = schema.anyOf;
      const shrunk = { ...schema, anyOf: [{ ...first, enum: first.enum.slice(0, 1) }, ...rest] };
      expect(compare(schema, shrunk, 'response')).toContainEqual({
        breaking: true,
        kind: 'removed-enum-value',
        where: 'body /anyOf[0]',
        message: `enum value(s) removed: ${JSON.stringify(first.enum[1])}`,
      });
    }
    // The open string itself reports it as a known value, at the schema.
    const open = { type: 'string', anyOf: [{ enum: ['a', 'b'] }, { minLength: 1 }] };
    expect(compare(open, { type: 'string', anyOf: [{ enum: ['a'] }, { minLength: 1 }] }, 'response')).toEqual([
      { breaking: true, kind: 'removed-enum-value', where: 'body', message: 'known value(s) removed: "b"; generated clients lose their constants' },
    ]);
  });
});

describe('objects', () => {
  it('a new required field breaks requests; a field no longer required breaks responses', () => {
    expect(compare({ required: ['a'] }, { required: ['a', 'b'] }, 'request')).toEqual([
      { breaking: true, kind: 'new-required-request-field', where: 'body /b', message: 'is now required' },
    ]);
    expect(compare({ required: ['a'] }, { required: ['a', 'b'] }, 'response')).toEqual([]);
    expect(compare({ required: ['a', 'b'] }, { required: ['a'] }, 'response')).toEqual([
      { breaking: true, kind: 'response-field-no-longer-required', where: 'body /b', message: 'is no longer required: clients may not find it' },
    ]);
    expect(compare({ required: ['a', 'b'] }, { required: ['a'] }, 'request')).toEqual([]);
    expect(compare({}, { required: ['a'] }, 'request')).toEqual([
      { breaking: true, kind: 'new-required-request-field', where: 'body /a', message: 'is now required' },
    ]);
  });

  it('a removed field breaks responses, and requests only when unknown fields are refused', () => {
    const old = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
    expect(compare(old, { type: 'object', properties: { a: { type: 'string' } } }, 'response')).toEqual([
      { breaking: true, kind: 'removed-response-field', where: 'body /b', message: 'was removed' },
    ]);
    expect(compare(old, { type: 'object' }, 'response')).toEqual([
      { breaking: true, kind: 'removed-response-field', where: 'body /a', message: 'was removed' },
      { breaking: true, kind: 'removed-response-field', where: 'body /b', message: 'was removed' },
    ]);
    expect(compare(old, { type: 'object', properties: { a: { type: 'string' } } }, 'request')).toEqual([]);
    const refusing = (schema) => ({ ...schema, additionalProperties: false });
    expect(compare(refusing(old), refusing({ type: 'object', properties: { a: { type: 'string' } } }), 'request')).toEqual([
      { breaking: true, kind: 'removed-request-field', where: 'body /b', message: 'was removed and additional properties are refused' },
    ]);
    expect(compare(refusing(old), refusing({ type: 'object', properties: { a: { type: 'string' } } }), 'response')).toEqual([
      { breaking: true, kind: 'removed-response-field', where: 'body /b', message: 'was removed' },
    ]);
    expect(compare(old, { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: {} }, 'request')).toEqual([]);
  });

  it('fields are compared inside, at their path', () => {
    const old = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'integer' } } } } };
    const next = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'string' } } } } };
    expect(compare(old, next, 'response')).toEqual([retyped('type integer -> string: may now be string', 'body /a/b')]);
    expect(compare(old, next, 'request')).toEqual([retyped('type integer -> string: no longer accepts integer', 'body /a/b')]);
  });

  it('additionalProperties: false dropped widens; added narrows; a schema is compared inside', () => {
    expect(compare({ additionalProperties: false }, {}, 'response')).toEqual([widened('additionalProperties false dropped: unknown fields may now appear')]);
    expect(compare({ additionalProperties: false }, { additionalProperties: true }, 'response')).toEqual([
      widened('additionalProperties false dropped: unknown fields may now appear'),
    ]);
    expect(compare({ additionalProperties: false }, {}, 'request')).toEqual([]);
    expect(compare({}, { additionalProperties: false }, 'request')).toEqual([narrowed('additionalProperties: false added: unknown fields are now refused')]);
    expect(compare({ additionalProperties: { type: 'string' } }, { additionalProperties: false }, 'request')).toEqual([
      narrowed('additionalProperties: false added: unknown fields are now refused'),
    ]);
    expect(compare({}, { additionalProperties: false }, 'response')).toEqual([]);
    expect(compare({ additionalProperties: false }, { additionalProperties: false }, 'response')).toEqual([]);
    expect(compare({ additionalProperties: false }, { additionalProperties: false }, 'request')).toEqual([]);
    expect(compare({ additionalProperties: { type: 'string' } }, { additionalProperties: { type: 'integer' } }, 'response')).toEqual([
      retyped('type string -> integer: may now be integer', 'body /{additional}'),
    ]);
    expect(compare({ additionalProperties: { type: 'string' } }, { additionalProperties: true }, 'response')).toEqual([]);
  });
});

describe('arrays', () => {
  it('items are compared at /[]; items added or dropped compare against any value', () => {
    expect(compare({ type: 'array', items: { type: 'string' } }, { type: 'array', items: { type: 'integer' } }, 'request')).toEqual([
      retyped('type string -> integer: no longer accepts string', 'body /[]'),
    ]);
    expect(compare({ type: 'array' }, { type: 'array', items: { type: 'string' } }, 'request')).toEqual([
      retyped('type any -> string: no longer accepts any other type', 'body /[]'),
    ]);
    expect(compare({ type: 'array', items: { type: 'string' } }, { type: 'array' }, 'response')).toEqual([
      retyped('type string -> any: may now be any other type', 'body /[]'),
    ]);
    expect(compare({ type: 'array', items: { type: 'string' } }, { type: 'array' }, 'request')).toEqual([]);
    expect(compare({ type: 'array', items: { type: 'string' } }, { type: 'array', items: { type: 'string' } }, 'request')).toEqual([]);
  });

  it('prefixItems are compared by position, where both have one', () => {
    const old = { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] };
    expect(compare(old, { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] }, 'response')).toEqual([
      retyped('type integer -> number: may now be number', 'body /[1]'),
    ]);
    expect(compare(old, { type: 'array', prefixItems: [{ type: 'boolean' }] }, 'request')).toEqual([
      retyped('type string -> boolean: no longer accepts string', 'body /[0]'),
    ]);
    expect(compare(old, { type: 'array' }, 'request')).toEqual([]);
    expect(compare(old, { type: 'array' }, 'response')).toEqual([]);
  });
});

describe('unions and intersections', () => {
  it('anyOf/oneOf with as many branches: compared branch by branch', () => {
    for (const keyword of ['anyOf', 'oneOf']) {
      const old = { [keyword]: [{ type: 'string', maxLength: 3 }, { type: 'integer' }] };
      const next = { [keyword]: [{ type: 'string', maxLength: 2 }, { type: 'integer' }] };
      expect(compare(old, next, 'request')).toEqual([narrowed('maxLength 3 -> 2', `body /${keyword}[0]`)]);
      expect(compare(old, next, 'response')).toEqual([]);
      expect(compare(next, old, 'response')).toEqual([widened('maxLength 2 -> 3', `body /${keyword}[0]`)]);
    }
  });

  it('anyOf/oneOf with more or fewer branches: the branches not found alike are counted', () => {
    for (const keyword of ['anyOf', 'oneOf']) {
      const a = { type: 'string' };
      const b = { type: 'integer' };
      const c = { type: 'boolean' };
      expect(compare({ [keyword]: [a, b] }, { [keyword]: [a, b, c] }, 'request')).toEqual([]);
      expect(compare({ [keyword]: [a, b] }, { [keyword]: [a, b, c] }, 'response')).toEqual([
        retyped('type string|integer -> string|integer|boolean: may now be boolean'),
        widened(`${keyword}: 1 alternative(s) added or changed`),
      ]);
      expect(compare({ [keyword]: [a, b, c] }, { [keyword]: [b] }, 'request')).toEqual([
        retyped('type string|integer|boolean -> integer: no longer accepts string, boolean'),
        narrowed(`${keyword}: 2 alternative(s) removed or changed`),
      ]);
      expect(compare({ [keyword]: [a, b, c] }, { [keyword]: [b] }, 'response')).toEqual([]);
      // Keys in another order are the same branch.
      expect(compare({ [keyword]: [{ type: 'string', minLength: 1 }] }, { [keyword]: [{ minLength: 1, type: 'string' }, b] }, 'request')).toEqual([]);
      // A union added or dropped altogether.
      expect(compare({ type: 'string' }, { type: 'string', [keyword]: [{ minLength: 1 }, { maxLength: 9 }] }, 'response')).toEqual([
        widened(`${keyword}: 2 alternative(s) added or changed`),
      ]);
      expect(compare({ type: 'string', [keyword]: [{ minLength: 1 }, { maxLength: 9 }] }, { type: 'string' }, 'request')).toEqual([
        narrowed(`${keyword}: 2 alternative(s) removed or changed`),
      ]);
      expect(compare({ type: 'string', [keyword]: [{ minLength: 1 }, { maxLength: 9 }] }, { type: 'string' }, 'response')).toEqual([]);
    }
  });

  it('a branch without a type takes its parent type', () => {
    // {type: string, oneOf: [{maxLength}]} says what oneOf: [{type: string, maxLength}] says.
    const parentTyped = { type: 'string', oneOf: [{ maxLength: 3 }, { minLength: 5 }] };
    const branchTyped = {
      oneOf: [
        { type: 'string', maxLength: 3 },
        { type: 'string', minLength: 5 },
      ],
    };
    for (const direction of ['request', 'response']) {
      expect(compare(parentTyped, branchTyped, direction)).toEqual([]);
      expect(compare(branchTyped, parentTyped, direction)).toEqual([]);
    }
    // A branch with a type of its own keeps it.
    const ownType = { type: ['string', 'integer'], oneOf: [{ type: 'string' }, { type: 'integer', minimum: 1 }] };
    const ownType2 = { type: ['string', 'integer'], oneOf: [{ type: 'string' }, { type: 'integer', minimum: 2 }] };
    expect(compare(ownType, ownType2, 'request')).toEqual([narrowed('minimum 1 -> 2', 'body /oneOf[1]')]);
    // A branch by reference takes it too.
    const schemas = { Short: { maxLength: 3 } };
    expect(
      compare({ type: 'string', oneOf: [{ $ref: '#/components/schemas/Short' }, { minLength: 5 }] }, branchTyped, 'request', { oldSchemas: schemas }),
    ).toEqual([]);
  });

  it('allOf: parts compared by position; a part added narrows, one removed widens', () => {
    const a = { minLength: 1 };
    const b = { maxLength: 9 };
    expect(compare({ allOf: [a] }, { allOf: [{ minLength: 2 }] }, 'request')).toEqual([narrowed('minLength 1 -> 2', 'body /allOf[0]')]);
    expect(compare({ allOf: [a] }, { allOf: [{ minLength: 2 }] }, 'response')).toEqual([]);
    expect(compare({ allOf: [a] }, { allOf: [a, b] }, 'request')).toEqual([narrowed('allOf: 1 schema(s) added or changed')]);
    expect(compare({ allOf: [a] }, { allOf: [a, b] }, 'response')).toEqual([]);
    expect(compare({ allOf: [a, b] }, { allOf: [b] }, 'response')).toEqual([widened('allOf: 1 schema(s) removed or changed')]);
    expect(compare({ allOf: [a, b] }, { allOf: [b] }, 'request')).toEqual([]);
    expect(compare({}, { allOf: [a, b] }, 'request')).toEqual([narrowed('allOf: 2 schema(s) added or changed')]);
    expect(compare({ allOf: [a, b] }, {}, 'response')).toEqual([widened('allOf: 2 schema(s) removed or changed')]);
    expect(compare({ allOf: [a, b] }, {}, 'request')).toEqual([]);
    expect(compare({ allOf: [a] }, { allOf: [{ maxLength: 9 }, { minLength: 1 }] }, 'request')).toEqual([narrowed('allOf: 1 schema(s) added or changed')]);
    expect(compare({ allOf: [a, b] }, { allOf: [b, a, { minLength: 1, maxLength: 9 }] }, 'request')).toEqual([narrowed('allOf: 1 schema(s) added or changed')]);
  });

  it('`not`, and the false schema, are flagged without analysis', () => {
    const flagged = { breaking: true, kind: 'changed-not', where: 'body', message: '`not` changed (not analysed; treated as breaking)' };
    for (const direction of ['request', 'response']) {
      expect(compare({ not: { type: 'null' } }, {}, direction)).toEqual([flagged]);
      expect(compare({ not: { type: 'null' } }, { not: { type: 'string' } }, direction)).toEqual([flagged]);
      expect(compare({ not: { type: 'null' } }, { not: { type: 'null' } }, direction)).toEqual([]);
      expect(compare(true, false, direction)).toEqual([flagged]);
      expect(compare(false, { not: {} }, direction)).toEqual([]);
    }
  });
});

describe('edge cases of each rule', () => {
  it('a union or an intersection added or dropped counts only what is there', () => {
    const union = [{ minLength: 1 }, { maxLength: 9 }];
    expect(compare({ type: 'string' }, { type: 'string', anyOf: union }, 'request')).toEqual([]);
    expect(compare({ type: 'string' }, { type: 'string', oneOf: union }, 'request')).toEqual([]);
    expect(compare({ type: 'string', anyOf: union }, { type: 'string' }, 'response')).toEqual([]);
    expect(compare({}, { allOf: union }, 'response')).toEqual([]);
    expect(compare({ allOf: union }, {}, 'request')).toEqual([]);
  });

  it('a const of false, zero or the empty string is a value, not "none"', () => {
    expect(compare({ const: false }, { const: true }, 'request')).toEqual([
      narrowed('const false -> true (a changed rule may refuse what the old one allowed)'),
    ]);
    expect(compare({ const: '' }, { const: 'x' }, 'response')).toEqual([widened('const "" -> "x" (a changed rule may refuse what the old one allowed)')]);
    expect(compare({ const: 0 }, { const: 1 }, 'request')).toEqual([narrowed('const 0 -> 1 (a changed rule may refuse what the old one allowed)')]);
  });

  it('an array is not an object with numbered keys', () => {
    expect(compare({ const: ['a'] }, { const: { 0: 'a' } }, 'request')).toContainEqual(
      narrowed('const ["a"] -> {"0":"a"} (a changed rule may refuse what the old one allowed)'),
    );
  });

  it('a branch with its own type keeps it; a true branch stays any value', () => {
    const typed = (second) => ({ type: ['string', 'integer'], oneOf: [{ type: 'string' }, { type: second }] });
    expect(compare(typed('integer'), typed('string'), 'request')).toEqual([retyped('type integer -> string: no longer accepts integer', 'body /oneOf[1]')]);
    expect(compare({ type: 'string', anyOf: [true, { maxLength: 2 }] }, { type: 'string', anyOf: [{}, { maxLength: 2 }] }, 'request')).toEqual([
      retyped('type any -> string: no longer accepts any other type', 'body /anyOf[0]'),
    ]);
  });

  it('a single-branch anyOf is a union, not an open string', () => {
    expect(compare({ anyOf: [{ type: 'string', minLength: 1 }] }, { type: 'string', minLength: 1 }, 'request')).toEqual([
      narrowed('minLength none -> 1'),
      narrowed('anyOf: 1 alternative(s) removed or changed'),
    ]);
  });

  it('open strings: the rule may repeat the type; not one of its other keywords; a null among the values', () => {
    const open = { type: 'string', anyOf: [{ enum: ['a', 'b'] }, { type: 'string', minLength: 1 }] };
    expect(compare(open, { ...open, anyOf: [{ enum: ['a'] }, open.anyOf[1]] }, 'response')).toEqual([
      { breaking: true, kind: 'removed-enum-value', where: 'body', message: 'known value(s) removed: "b"; generated clients lose their constants' },
    ]);
    const repeats = { type: 'string', minLength: 3, anyOf: [{ enum: ['abc', 'abd'] }, { minLength: 1, maxLength: 9 }] };
    expect(compare(repeats, { ...repeats, anyOf: [{ enum: ['abc'] }, repeats.anyOf[1]] }, 'response')).toEqual([
      { breaking: true, kind: 'removed-enum-value', where: 'body /anyOf[0]', message: 'enum value(s) removed: "abd"' },
    ]);
    // null is no string: with it the schema is a union; without it, an open string that accepts less.
    const withNull = { type: 'string', anyOf: [{ enum: ['a', null] }, { minLength: 1 }] };
    const withoutNull = { type: 'string', anyOf: [{ enum: ['a'] }, { minLength: 1 }] };
    expect(compare(withNull, withoutNull, 'response')).toEqual([]);
    expect(compare(withNull, withoutNull, 'request')).toEqual([narrowed('minLength none -> 1'), narrowed('anyOf: 2 alternative(s) removed or changed')]);
  });
});

describe('references', () => {
  it('are followed in each document, with JSON-pointer escapes', () => {
    const ref = { $ref: '#/components/schemas/a~1b~0c' };
    expect(compare(ref, ref, 'response', { oldSchemas: { 'a/b~c': { type: 'string' } }, newSchemas: { 'a/b~c': { type: 'integer' } } })).toEqual([
      retyped('type string -> integer: may now be integer'),
    ]);
    // A reference to nothing is any value.
    expect(compare({ $ref: '#/components/missing/here' }, { type: 'string' }, 'request')).toEqual([
      retyped('type any -> string: no longer accepts any other type'),
    ]);
  });

  it('a change inside a definition used twice is reported once; recursive definitions end', () => {
    const Node = (type) => ({
      type: 'object',
      properties: { value: { type }, left: { $ref: '#/components/schemas/Node' }, right: { $ref: '#/components/schemas/Node' } },
    });
    const ref = { $ref: '#/components/schemas/Node' };
    expect(compare(ref, ref, 'response', { oldSchemas: { Node: Node('string') }, newSchemas: { Node: Node('integer') } })).toEqual([
      retyped('type string -> integer: may now be integer', 'body /value'),
    ]);
    const twice = { type: 'object', properties: { a: { $ref: '#/components/schemas/Id' }, b: { $ref: '#/components/schemas/Id' } } };
    expect(compare(twice, twice, 'response', { oldSchemas: { Id: { type: 'string' } }, newSchemas: { Id: { type: 'integer' } } })).toEqual([
      retyped('type string -> integer: may now be integer', 'body /a'),
    ]);
    // A reference to itself is any value, not a loop.
    const loop = { $ref: '#/components/schemas/Loop' };
    expect(compare(loop, { type: 'string' }, 'request', { oldSchemas: { Loop: loop }, newSchemas: {} })).toEqual([
      retyped('type any -> string: no longer accepts any other type'),
    ]);
  });

  it('the same inline schema at two places is compared at both', () => {
    const old = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
    const next = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } };
    expect(compare(old, next, 'response')).toEqual([
      retyped('type string -> integer: may now be integer', 'body /a'),
      retyped('type string -> integer: may now be integer', 'body /b'),
    ]);
  });
});
