// Validates values against schemas of the bundled description with JSON Schema 2020-12 (ajv), the
// dialect OpenAPI 3.1 uses. Prism validates with draft-07 rules only, so this is the authority.
//
// Each error carries `schemaPath` as the absolute keyword location inside dist/openapi.json
// (`#/components/schemas/Payment/properties/id/type`). ajv's own schemaPath is relative to the last
// $ref it followed, which would read the same for Money.amount wherever Money is used; the absolute
// form is what any other 2020-12 validator can report too (`absoluteKeywordLocation`).
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isDateTime } from './date-time-format.js';
import { escapePointer, getPointer } from './spec-document.js';

/** @typedef {import('./spec-document.js').JsonNode} JsonNode */

// Both are CommonJS whose module.exports is the function; under NodeNext tsc types the default import
// as the module object.
const Ajv2020 = /** @type {typeof import('ajv/dist/2020.js').default} */ (/** @type {unknown} */ (Ajv2020Module));
const addFormats = /** @type {typeof import('ajv-formats').default} */ (/** @type {unknown} */ (addFormatsModule));

const SPEC_ID = 'https://merchant-ordering.invalid/openapi.json';

// Keywords of the OpenAPI document and schema object that JSON Schema does not define; ajv ignores
// them instead of failing strict mode.
const OPENAPI_KEYWORDS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
  'externalDocs',
  'discriminator',
  'xml',
  'example',
];

// OpenAPI's numeric formats (ajv-formats knows only JSON Schema's), and date-time as the description
// means it: ajv-formats' accepts a lower-case t or z, a space for T, an offset without its colon and a
// leap second on any day.
const INT32 = 2 ** 31;
/** @type {Record<string, import('ajv').Format>} */
const OWN_FORMATS = {
  'date-time': { type: 'string', validate: isDateTime },
  int32: { type: 'number', validate: (/** @type {number} */ n) => Number.isInteger(n) && n >= -INT32 && n < INT32 },
  int64: { type: 'number', validate: (/** @type {number} */ n) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
};

/**
 * JSON Schema 2020-12 over the whole description; schemas are named by JSON pointer (`#/components/schemas/Payment`).
 * @param {import('./types.js').OpenApiDocument} doc
 * @returns {import('./types.js').SchemaValidator}
 */
export function createSchemaValidator(doc) {
  const vocabulary = [...OPENAPI_KEYWORDS, ...extensionKeywords(doc)];
  const { inlined, locations } = inlineReferences(doc);
  // One ajv listing every error, and one that stops at the first (for values too large to list every
  // error of: ajv keeps them all in memory), each made and compiled on demand.
  /** @type {Map<boolean, import('ajv/dist/2020.js').default>} */
  const ajvs = new Map();
  /** @type {Map<string, import('ajv').ValidateFunction>} */
  const compiled = new Map();
  /**
   * @param {boolean} allErrors
   * @param {string} schemaPointer
   */
  function compile(allErrors, schemaPointer) {
    const key = `${allErrors} ${schemaPointer}`;
    if (!compiled.has(key)) {
      if (!ajvs.has(allErrors)) ajvs.set(allErrors, createAjv(inlined, vocabulary, allErrors));
      compiled.set(key, /** @type {import('ajv/dist/2020.js').default} */ (ajvs.get(allErrors)).compile({ $ref: `${SPEC_ID}${schemaPointer}` }));
    }
    return /** @type {import('ajv').ValidateFunction} */ (compiled.get(key));
  }

  /** @type {import('./types.js').SchemaValidator['validate']} */
  function validate(schemaPointer, value, { firstErrorOnly = false } = {}) {
    const check = compile(!firstErrorOnly, schemaPointer);
    const valid = check(value);
    const errors = (check.errors ?? []).map((error) => ({
      instancePath: error.instancePath,
      schemaPath: `${locations.get(/** @type {object} */ (error.parentSchema)) ?? '#?'}/${error.keyword}`,
      keyword: error.keyword,
      message: describe(error),
      value: error.data,
    }));
    return { valid, errors };
  }

  return { validate };
}

/**
 * @param {JsonNode} doc
 * @param {string[]} vocabulary
 * @param {boolean} allErrors
 */
function createAjv(doc, vocabulary, allErrors) {
  const ajv = new Ajv2020({ allErrors, strict: true, strictTypes: false, verbose: true });
  addFormats(ajv);
  for (const [name, format] of Object.entries(OWN_FORMATS)) ajv.addFormat(name, format);
  ajv.addVocabulary(vocabulary);
  ajv.addSchema(doc, SPEC_ID);
  return ajv;
}

/** @param {import('ajv').ErrorObject} error */
function describe(error) {
  if (error.keyword === 'required') return `must have required property "${error.params.missingProperty}"`;
  return /** @type {string} */ (error.message);
}

// Annotations beside a $ref that do not change what it accepts, so the $ref can be replaced by its target.
const ANNOTATIONS = new Set(['$ref', 'description', 'summary', 'title', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

/**
 * The document with every internal $ref replaced by what it points to (one shared copy per target),
 * and each object of that copy mapped to the JSON pointer where it is written in `doc`, so an ajv
 * error's parentSchema names where it lives. Inlined, ajv compiles one function per response instead
 * of one call per $ref; it joins each call's errors with Array.concat, which made a body of 40,000
 * failing payments take 11 s (0.2 s inlined). A $ref back into a schema being inlined (a recursive
 * schema) stays a $ref; a $ref beside other keywords becomes an allOf of its target and those keywords.
 * @param {JsonNode} doc
 */
export function inlineReferences(doc) {
  /** @type {Map<object, string>} */
  const locations = new Map();
  /** @type {Map<string, JsonNode>} */
  const inlined = new Map();
  /** @type {Set<string>} */
  const inProgress = new Set();
  // Each object is inlined once, by the pointer where it is written, whether reached by a $ref or not.
  /** @type {(pointer: string, node?: JsonNode) => JsonNode} */
  const visitAt = (pointer, node = getPointer(doc, pointer)) => {
    if (node === null || typeof node !== 'object') return node;
    if (!inlined.has(pointer)) {
      inProgress.add(pointer);
      inlined.set(pointer, inline(node, pointer));
      inProgress.delete(pointer);
    }
    return inlined.get(pointer);
  };
  /** @type {(node: JsonNode, pointer: string) => JsonNode} */
  const inline = (node, pointer) => {
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      if (inProgress.has(node.$ref)) return node;
      const target = visitAt(node.$ref);
      if (Object.keys(node).every((key) => ANNOTATIONS.has(key) || key.startsWith('x-'))) return target;
      const beside = copy(omitRef(node), pointer);
      return keep({ ...beside, allOf: [target, ...(beside.allOf ?? [])] }, pointer);
    }
    return keep(copy(node, pointer), pointer);
  };
  /** @type {(node: JsonNode, pointer: string) => JsonNode} */
  const copy = (node, pointer) => {
    if (Array.isArray(node)) return node.map((/** @type {JsonNode} */ child, /** @type {number} */ index) => visitAt(`${pointer}/${index}`, child));
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visitAt(`${pointer}/${escapePointer(key)}`, child)]));
  };
  /** @type {(node: JsonNode, pointer: string) => JsonNode} */
  const keep = (node, pointer) => {
    locations.set(node, pointer);
    return node;
  };
  return { inlined: visitAt('#'), locations };
}

/** @param {JsonNode} node */
function omitRef({ $ref, ...rest }) {
  return rest;
}

/**
 * @param {JsonNode} doc
 * @returns {string[]}
 */
function extensionKeywords(doc) {
  /** @type {Set<string>} */
  const found = new Set();
  /** @type {(node: JsonNode) => void} */
  const walk = (node) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      walk(child);
    }
  };
  walk(doc);
  return [...found];
}
