// The tests' JSON Schema 2020-12 validator over a description's own schemas (OpenAPI 3.1 uses that
// dialect). The whole description is registered once, so a schema is compiled from its JSON pointer
// and its internal $refs resolve exactly as they are written in the bundle. The caller passes the
// parsed description: the kit depends on no product package.
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isProfileDateTime } from './date-time-profile.js';

// CommonJS modules whose module.exports is the function; under NodeNext tsc types the default import
// as the module object.
const Ajv2020 = /** @type {typeof import('ajv/dist/2020.js').default} */ (/** @type {unknown} */ (Ajv2020Module));
const addFormats = /** @type {typeof import('ajv-formats').default} */ (/** @type {unknown} */ (addFormatsModule));

const specId = 'urn:merchant-ordering:openapi';

// Keywords the OpenAPI 3.1 base vocabulary adds to JSON Schema; they annotate, they do not validate.
const openApiKeywords = ['discriminator', 'xml', 'externalDocs', 'example'];
// Ajv compiles the registered root too; the OpenAPI object's own fields are declared as inert
// keywords so that the root compiles (it is never used to validate anything).
const openApiRootFields = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags'];

/**
 * @param {unknown} node
 * @param {Set<string>} [found]
 * @returns {Set<string>}
 */
function extensionKeywords(node, found = new Set()) {
  if (Array.isArray(node)) node.forEach((item) => extensionKeywords(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeywords(value, found);
    }
  }
  return found;
}

/** @typedef {{ instancePath: string, message: string }} SchemaProblem where in the value (a JSON pointer, '' for the whole) and what */
/** @typedef {{ valid: boolean, errors: string, problems: SchemaProblem[] }} ValidationResult `errors` is every problem on one line */
/**
 * @typedef {object} SchemaValidator
 * @property {(pointer: string, value: unknown) => ValidationResult} validate Validates `value` against the
 *   schema at `pointer` (for example `/components/schemas/Payment`).
 */

/**
 * A validator of values against the schemas of `description` (the parsed bundle).
 * @param {object} description
 * @returns {SchemaValidator}
 */
export function schemaValidator(description) {
  // strict: an unknown or misspelt keyword (maxlength, requird) is an error, not silently ignored.
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  // `format: date-time` as the description means it (spec/vectors/date-time.json), not ajv-formats' looser reading.
  ajv.addFormat('date-time', { type: 'string', validate: isProfileDateTime });
  ajv.addVocabulary([...openApiKeywords, ...openApiRootFields, ...extensionKeywords(description)]);
  ajv.addSchema({ ...description, $id: specId });
  /** @type {Map<string, import('ajv').ValidateFunction>} */
  const compiled = new Map();
  return {
    validate: (pointer, value) => {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${specId}#${pointer}` });
        compiled.set(pointer, validate);
      }
      const valid = /** @type {boolean} */ (validate(value));
      const problems = (validate.errors ?? []).map((error) => ({ instancePath: error.instancePath, message: error.message ?? error.keyword }));
      return { valid, problems, errors: problems.map((problem) => `${problem.instancePath || '(root)'} ${problem.message}`).join('; ') };
    },
  };
}
