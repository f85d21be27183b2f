// Validates values against schemas of the bundled description with JSON Schema 2020-12 (ajv), the
// dialect OpenAPI 3.1 uses. Prism validates with draft-07 rules only, so this is the authority.
//
// Each error carries `schemaPath` as the absolute keyword location inside dist/openapi.json
// (`#/components/schemas/Payment/properties/id/type`). ajv's own schemaPath is relative to the last
// $ref it followed, which would read the same for Money.amount wherever Money is used; the absolute
// form is what any other 2020-12 validator can report too (`absoluteKeywordLocation`).
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const SPEC_ID = 'https://merchant-ordering.invalid/openapi.json';

// Keywords of the OpenAPI document and schema object that JSON Schema does not define; ajv ignores
// them instead of failing strict mode.
const OPENAPI_KEYWORDS = [
  'openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security',
  'tags', 'externalDocs', 'discriminator', 'xml', 'example',
];

// OpenAPI's numeric formats; ajv-formats knows only JSON Schema's.
const INT32 = 2 ** 31;
const OPENAPI_FORMATS = {
  int32: { type: 'number', validate: (n) => Number.isInteger(n) && n >= -INT32 && n < INT32 },
  int64: { type: 'number', validate: (n) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
};

export function createSchemaValidator(doc) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, verbose: true });
  addFormats(ajv);
  for (const [name, format] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, format);
  ajv.addVocabulary([...OPENAPI_KEYWORDS, ...extensionKeywords(doc)]);
  ajv.addSchema(doc, SPEC_ID);

  const locations = schemaLocations(doc);
  const compiled = new Map();

  /** @returns {{ valid: boolean, errors: Array<{instancePath, schemaPath, keyword, message, value}> }} */
  function validate(schemaPointer, value) {
    let check = compiled.get(schemaPointer);
    if (!check) {
      check = ajv.compile({ $ref: `${SPEC_ID}${schemaPointer}` });
      compiled.set(schemaPointer, check);
    }
    const valid = check(value);
    const errors = (check.errors ?? []).map((error) => ({
      instancePath: error.instancePath,
      schemaPath: `${locations.get(error.parentSchema) ?? '#?'}/${error.keyword}`,
      keyword: error.keyword,
      message: describe(error),
      value: error.data,
    }));
    return { valid, errors };
  }

  return { validate };
}

function describe(error) {
  if (error.keyword === 'required') return `must have required property "${error.params.missingProperty}"`;
  return error.message;
}

// Every object in the document mapped to its JSON pointer, so an ajv error's parentSchema (the very
// object from the document) names where it lives.
function schemaLocations(doc) {
  const locations = new Map();
  const walk = (node, pointer) => {
    if (node === null || typeof node !== 'object') return;
    locations.set(node, pointer);
    for (const [key, child] of Object.entries(node)) {
      walk(child, `${pointer}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
  };
  walk(doc, '#');
  return locations;
}

function extensionKeywords(doc) {
  const found = new Set();
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
