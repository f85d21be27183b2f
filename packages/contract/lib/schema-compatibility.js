// Directional comparison of two JSON Schemas (old = released, new = current), keyword by keyword.
//   request:  the new schema must still accept everything the old one accepted (clients keep sending it);
//             narrowing is breaking.
//   response: the new schema must allow nothing the old one did not (clients keep parsing it);
//             widening is breaking. A removed enum value is reported in both directions.
// Returns changes as { breaking: boolean, kind, where, message }.

const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
// Keywords whose values cannot be ordered: adding one narrows, dropping one widens, changing one does both.
const EXACT = ['pattern', 'format', 'multipleOf', 'const', 'uniqueItems', 'contentMediaType', 'contentEncoding'];
/** @typedef {import('./spec-document.js').JsonNode} JsonNode */

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/**
 * @param {{ oldDoc: import('./types.js').OpenApiDocument, newDoc: import('./types.js').OpenApiDocument }} docs
 * @param {JsonNode} oldSchema
 * @param {JsonNode} newSchema
 * @param {'request' | 'response'} direction
 * @param {string} where
 * @returns {Array<{ breaking: boolean, kind: string, where: string, message: string }>}
 */
export function compareSchemas({ oldDoc, newDoc }, oldSchema, newSchema, direction, where) {
  /** @type {Array<{ breaking: boolean, kind: string, where: string, message: string }>} */
  const changes = [];
  /** @type {Set<string>} */
  const seen = new Set();
  walk(oldSchema, newSchema, '', false);
  return changes;

  // `at` is the path inside the schema (`/results/[]/id`); `where` says which schema it is.
  /**
   * @param {boolean} breaking
   * @param {string} kind
   * @param {string} at
   * @param {string} message
   */
  function report(breaking, kind, at, message) {
    changes.push({ breaking, kind, where: at ? `${where} ${at}` : where, message });
  }

  /**
   * @param {JsonNode} rawOld
   * @param {JsonNode} rawNew
   * @param {string} at
   * @param {boolean} openEnum
   */
  function walk(rawOld, rawNew, at, openEnum) {
    const o = deref(oldDoc, rawOld);
    const n = deref(newDoc, rawNew);
    const key = `${o.pointer ?? at}|${n.pointer ?? at}`;
    if (o.pointer && n.pointer) {
      if (seen.has(key)) return; // recursive schemas: each pair of definitions once
      seen.add(key);
    }
    const oldSchema = normalise(o.node, oldDoc);
    const newSchema = normalise(n.node, newDoc);

    compareTypes(oldSchema, newSchema, at);
    compareEnums(oldSchema, newSchema, at, openEnum);
    for (const keyword of UPPER_BOUNDS) compareBound(keyword, oldSchema[keyword], newSchema[keyword], at, (a, b) => b < a);
    for (const keyword of LOWER_BOUNDS) compareBound(keyword, oldSchema[keyword], newSchema[keyword], at, (a, b) => b > a);
    for (const keyword of EXACT) compareExact(keyword, oldSchema[keyword], newSchema[keyword], at);
    compareRequired(oldSchema, newSchema, at);
    compareProperties(oldSchema, newSchema, at);
    compareAdditionalProperties(oldSchema, newSchema, at);
    if (oldSchema.items !== undefined || newSchema.items !== undefined) {
      walk(oldSchema.items ?? {}, newSchema.items ?? {}, `${at}/[]`, false);
    }
    (oldSchema.prefixItems ?? []).forEach((/** @type {JsonNode} */ item, /** @type {number} */ index) => {
      if (newSchema.prefixItems?.[index] !== undefined) walk(item, newSchema.prefixItems[index], `${at}/[${index}]`, false);
    });
    for (const keyword of ['anyOf', 'oneOf']) compareAlternatives(keyword, oldSchema, newSchema, at);
    compareAllOf(oldSchema.allOf, newSchema.allOf, at);
    if (!sameJson(oldSchema.not, newSchema.not)) {
      report(true, 'changed-not', at, '`not` changed (not analysed; treated as breaking)');
    }
  }

  // Narrowing: breaking for requests. Widening: breaking for responses.
  /**
   * @param {string} kind
   * @param {string} at
   * @param {string} message
   */
  function narrowed(kind, at, message) {
    if (direction === 'request') report(true, kind, at, message);
  }
  /**
   * @param {string} kind
   * @param {string} at
   * @param {string} message
   */
  function widened(kind, at, message) {
    if (direction === 'response') report(true, kind, at, message);
  }

  /**
   * @param {JsonNode} o
   * @param {JsonNode} n
   * @param {string} at
   */
  function compareTypes(o, n, at) {
    const oldTypes = typeSet(o, oldDoc);
    const newTypes = typeSet(n, newDoc);
    const accepts = (/** @type {Set<string> | null} */ set, /** @type {string} */ type) =>
      set === null || set.has(type) || (type === 'integer' && set.has('number'));
    const lost = oldTypes === null ? (newTypes === null ? [] : ['any other type']) : [...oldTypes].filter((type) => !accepts(newTypes, type));
    const gained = newTypes === null ? (oldTypes === null ? [] : ['any other type']) : [...newTypes].filter((type) => !accepts(oldTypes, type));
    const describe = `type ${formatTypes(oldTypes)} -> ${formatTypes(newTypes)}`;
    if (lost.length > 0 && direction === 'request') report(true, 'retyped', at, `${describe}: no longer accepts ${lost.join(', ')}`);
    if (gained.length > 0 && direction === 'response') report(true, 'retyped', at, `${describe}: may now be ${gained.join(', ')}`);
  }

  /**
   * @param {JsonNode} o
   * @param {JsonNode} n
   * @param {string} at
   * @param {boolean} openEnum
   */
  function compareEnums(o, n, at, openEnum) {
    // Known values of an open string: a removed one is a constant that generated clients lose.
    if (o[KNOWN]) {
      const removed = o[KNOWN].filter((/** @type {JsonNode} */ value) => !(n[KNOWN] ?? n.enum ?? []).includes(value));
      if (removed.length > 0)
        report(
          true,
          'removed-enum-value',
          at,
          `known value(s) removed: ${removed.map((/** @type {JsonNode} */ value) => JSON.stringify(value)).join(', ')}; generated clients lose their constants`,
        );
    }
    if (o.enum && n.enum) {
      const removed = o.enum.filter((/** @type {JsonNode} */ value) => !n.enum.some((/** @type {JsonNode} */ other) => sameJson(value, other)));
      const added = n.enum.filter((/** @type {JsonNode} */ value) => !o.enum.some((/** @type {JsonNode} */ other) => sameJson(value, other)));
      if (removed.length > 0)
        report(true, 'removed-enum-value', at, `enum value(s) removed: ${removed.map((/** @type {JsonNode} */ value) => JSON.stringify(value)).join(', ')}`);
      if (added.length > 0 && !openEnum) {
        widened(
          'added-response-enum-value',
          at,
          `closed enum gained ${added.map((/** @type {JsonNode} */ value) => JSON.stringify(value)).join(', ')}; clients may not handle it`,
        );
      }
    } else if (!o.enum && n.enum) {
      narrowed('narrowed-constraint', at, `enum added: ${JSON.stringify(n.enum)}`);
    } else if (o.enum && !n.enum && !openEnum) {
      widened('widened-response-constraint', at, `enum ${JSON.stringify(o.enum)} removed: any value may now appear`);
    }
  }

  /**
   * @param {string} keyword
   * @param {JsonNode} oldValue
   * @param {JsonNode} newValue
   * @param {string} at
   * @param {(a: any, b: any) => boolean} isNarrower
   */
  function compareBound(keyword, oldValue, newValue, at, isNarrower) {
    if (oldValue === newValue) return;
    const message = `${keyword} ${oldValue ?? 'none'} -> ${newValue ?? 'none'}`;
    if (newValue !== undefined && (oldValue === undefined || isNarrower(oldValue, newValue))) narrowed('narrowed-constraint', at, message);
    else widened('widened-response-constraint', at, message);
  }

  /**
   * @param {string} keyword
   * @param {JsonNode} oldValue
   * @param {JsonNode} newValue
   * @param {string} at
   */
  function compareExact(keyword, oldValue, newValue, at) {
    if (keyword === 'uniqueItems') [oldValue, newValue] = [oldValue || undefined, newValue || undefined];
    if (sameJson(oldValue, newValue)) return;
    const message = `${keyword} ${JSON.stringify(oldValue) ?? 'none'} -> ${JSON.stringify(newValue) ?? 'none'}`;
    if (oldValue === undefined) narrowed('narrowed-constraint', at, message);
    else if (newValue === undefined) widened('widened-response-constraint', at, message);
    else
      report(
        true,
        direction === 'request' ? 'narrowed-constraint' : 'widened-response-constraint',
        at,
        `${message} (a changed rule may refuse what the old one allowed)`,
      );
  }

  /**
   * @param {JsonNode} o
   * @param {JsonNode} n
   * @param {string} at
   */
  function compareRequired(o, n, at) {
    const oldRequired = new Set(o.required ?? []);
    const newRequired = new Set(n.required ?? []);
    for (const name of newRequired) {
      if (!oldRequired.has(name)) narrowed('new-required-request-field', `${at}/${name}`, 'is now required');
    }
    for (const name of oldRequired) {
      if (!newRequired.has(name)) widened('response-field-no-longer-required', `${at}/${name}`, 'is no longer required: clients may not find it');
    }
  }

  /**
   * @param {JsonNode} o
   * @param {JsonNode} n
   * @param {string} at
   */
  function compareProperties(o, n, at) {
    for (const [name, schema] of Object.entries(o.properties ?? {})) {
      const next = n.properties?.[name];
      if (next === undefined) {
        if (direction === 'response') report(true, 'removed-response-field', `${at}/${name}`, 'was removed');
        else if (n.additionalProperties === false) report(true, 'removed-request-field', `${at}/${name}`, 'was removed and additional properties are refused');
        continue;
      }
      walk(schema, next, `${at}/${name}`, false);
    }
  }

  /**
   * @param {JsonNode} o
   * @param {JsonNode} n
   * @param {string} at
   */
  function compareAdditionalProperties(o, n, at) {
    const oldValue = o.additionalProperties;
    const newValue = n.additionalProperties;
    if (oldValue === false && newValue !== false)
      widened('widened-response-constraint', at, 'additionalProperties false dropped: unknown fields may now appear');
    if (newValue === false && oldValue !== false) narrowed('narrowed-constraint', at, 'additionalProperties: false added: unknown fields are now refused');
    if (isObject(oldValue) && isObject(newValue)) walk(oldValue, newValue, `${at}/{additional}`, false);
  }

  // A union: same count, compared branch by branch; otherwise by exact branch equality.
  /**
   * @param {string} keyword
   * @param {JsonNode} oldParent
   * @param {JsonNode} newParent
   * @param {string} at
   */
  function compareAlternatives(keyword, oldParent, newParent, at) {
    const [oldList, newList] = [oldParent[keyword], newParent[keyword]];
    if (!oldList && !newList) return;
    if (oldList && newList && oldList.length === newList.length) {
      // An enum beside an open branch (`anyOf: [{enum}, {minLength: 1}]`) is documentation only.
      const open = newList.some((/** @type {JsonNode} */ branch) => !hasValueList(deref(newDoc, branch).node));
      oldList.forEach((/** @type {JsonNode} */ branch, /** @type {number} */ index) =>
        walk(withParentType(oldParent, branch, oldDoc), withParentType(newParent, newList[index], newDoc), `${at}/${keyword}[${index}]`, open),
      );
      return;
    }
    const removed = (oldList ?? []).filter(
      (/** @type {JsonNode} */ branch) => !(newList ?? []).some((/** @type {JsonNode} */ other) => sameJson(branch, other)),
    );
    const added = (newList ?? []).filter((/** @type {JsonNode} */ branch) => !(oldList ?? []).some((/** @type {JsonNode} */ other) => sameJson(branch, other)));
    if (removed.length > 0) narrowed('narrowed-constraint', at, `${keyword}: ${removed.length} alternative(s) removed or changed`);
    if (added.length > 0) widened('widened-response-constraint', at, `${keyword}: ${added.length} alternative(s) added or changed`);
  }

  // An intersection: each added branch narrows, each removed one widens.
  /**
   * @param {JsonNode[] | undefined} oldList
   * @param {JsonNode[] | undefined} newList
   * @param {string} at
   */
  function compareAllOf(oldList, newList, at) {
    if (!oldList && !newList) return;
    if (oldList && newList && oldList.length === newList.length) {
      oldList.forEach((branch, index) => walk(branch, newList[index], `${at}/allOf[${index}]`, false));
      return;
    }
    const removed = (oldList ?? []).filter((branch) => !(newList ?? []).some((other) => sameJson(branch, other)));
    const added = (newList ?? []).filter((branch) => !(oldList ?? []).some((other) => sameJson(branch, other)));
    if (added.length > 0) narrowed('narrowed-constraint', at, `allOf: ${added.length} schema(s) added or changed`);
    if (removed.length > 0) widened('widened-response-constraint', at, `allOf: ${removed.length} schema(s) removed or changed`);
  }
}

/**
 * A branch with the `type` of the schema around it, when it has none of its own: `{type: string,
 * anyOf: [{enum}, {minLength: 1}]}` and `anyOf: [{type: string, enum}, {type: string, minLength: 1}]`
 * say the same thing.
 * @param {JsonNode} parent
 * @param {JsonNode} branch
 * @param {import('./types.js').OpenApiDocument} doc
 */
function withParentType(parent, branch, doc) {
  const { node } = deref(doc, branch);
  return parent.type === undefined || !isObject(node) || node.type !== undefined ? branch : { ...node, type: parent.type };
}

/**
 * Follows internal $refs; `pointer` is the last target, for cycle detection.
 * @param {import('./types.js').OpenApiDocument} doc
 * @param {JsonNode} schema
 * @returns {{ node: JsonNode, pointer: string | undefined }}
 */
export function deref(doc, schema) {
  /** @type {JsonNode} */
  let node = schema;
  /** @type {string | undefined} */
  let pointer;
  /** @type {Set<string>} */
  const seen = new Set();
  while (isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
    if (seen.has(node.$ref)) break;
    seen.add(node.$ref);
    pointer = node.$ref;
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((/** @type {JsonNode} */ at, /** @type {string} */ part) => at?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
  }
  return { node: node ?? {}, pointer };
}

// `true` and `{}` accept anything; `false` nothing. Siblings of $ref are ignored here because the
// descriptions this toolkit writes use them only for annotations.
// A pattern that matches one literal string only (`^pong$`) is that `const`, so that moving between the
// two is no change.
// An open string compares as the string it is, with its known values kept aside (under KNOWN): written as
// `anyOf: [{type: string, enum}, {type: string, <rule>}]` (every listed value fits the rule), or as
// `{type: string, <rule>, x-known-values: {$ref: <a string enum>}}`, the two accept the same values.
const KNOWN = Symbol('known values');

/**
 * @param {JsonNode} schema
 * @param {import('./types.js').OpenApiDocument} [doc]
 * @returns {JsonNode}
 */
function normalise(schema, doc) {
  if (schema === true || schema === undefined) return {};
  if (schema === false) return { not: {} };
  const literal = typeof schema.pattern === 'string' && /^\^([^\\^$.|?*+()[\]{}]*)\$$/.exec(schema.pattern);
  if (literal && schema.const === undefined) {
    const { pattern, ...rest } = schema;
    return { ...rest, const: literal[1] };
  }
  const knownRef = schema['x-known-values'];
  if (isObject(knownRef) && doc) {
    const known = deref(doc, knownRef).node.enum;
    if (Array.isArray(known)) return { ...schema, [KNOWN]: known };
  }
  return (doc && openEnumAsString(schema, doc)) ?? schema;
}

/**
 * @param {JsonNode} schema
 * @param {import('./types.js').OpenApiDocument} doc
 */
function openEnumAsString(schema, doc) {
  if (!Array.isArray(schema.anyOf) || schema.anyOf.length < 2) return undefined;
  const branches = schema.anyOf.map((/** @type {JsonNode} */ branch) => deref(doc, branch).node);
  const rules = branches.filter(
    (/** @type {JsonNode} */ branch) => isObject(branch) && !hasValueList(branch) && !['anyOf', 'oneOf', 'allOf', 'not', '$ref'].some((key) => key in branch),
  );
  if (rules.length !== 1) return undefined;
  const [rule] = rules;
  const lists = branches.filter((/** @type {JsonNode} */ branch) => branch !== rule);
  const { anyOf, ...parent } = schema;
  if ((rule.type ?? parent.type) !== 'string' || Object.keys(rule).some((key) => key !== 'type' && key in parent)) return undefined;
  const fits = (/** @type {unknown} */ value) =>
    typeof value === 'string' &&
    value.length >= (rule.minLength ?? 0) &&
    value.length <= (rule.maxLength ?? Infinity) &&
    (rule.pattern === undefined || new RegExp(rule.pattern, 'u').test(value));
  const known = lists.flatMap((/** @type {JsonNode} */ branch) => branch.enum ?? [branch.const]);
  if (!known.every(fits)) return undefined;
  return { ...parent, ...rule, [KNOWN]: known };
}

// Without its own `type`, a schema has the types its anyOf/oneOf branches allow between them.
/**
 * @param {JsonNode} schema
 * @param {import('./types.js').OpenApiDocument} doc
 */
/**
 * @param {JsonNode} schema
 * @param {import('./types.js').OpenApiDocument} doc
 * @returns {Set<string> | null}
 */
function typeSet(schema, doc) {
  if (schema.type === undefined) {
    if (schema.const !== undefined) return new Set([jsonType(schema.const)]);
    if (schema.enum) return new Set(schema.enum.map(jsonType));
    const branches = schema.anyOf ?? schema.oneOf;
    if (!branches) return null;
    const sets = branches.map((/** @type {JsonNode} */ branch) => typeSet(normalise(deref(doc, branch).node), doc));
    return sets.includes(null) ? null : new Set(sets.flatMap((/** @type {Set<string>} */ set) => [...set]));
  }
  return new Set([schema.type].flat().filter((type) => JSON_TYPES.includes(type)));
}

/**
 * @param {unknown} value
 */
function jsonType(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/**
 * @param {Set<string> | null} set
 */
function formatTypes(set) {
  return set === null ? 'any' : [...set].join('|');
}

/**
 * @param {JsonNode} schema
 */
function hasValueList(schema) {
  return isObject(schema) && (schema.enum !== undefined || schema.const !== undefined);
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * @param {unknown} a
 * @param {unknown} b
 */
export function sameJson(a, b) {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/**
 * @param {unknown} value
 */
/**
 * @param {unknown} value
 * @returns {unknown}
 */
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (isObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  return value;
}
