// A JSON Schema 2020-12 validator over the description's own schemas (OpenAPI 3.1 uses that dialect).
// The whole description is registered once, so a schema is compiled from its JSON pointer and its
// internal $refs resolve exactly as they are written in the bundle.
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApi } from './load-bundle';

const specId = 'urn:merchant-ordering:openapi';

// Keywords the OpenAPI 3.1 base vocabulary adds to JSON Schema; they annotate, they do not validate.
const openApiKeywords = ['discriminator', 'xml', 'externalDocs', 'example'];
// Ajv compiles the registered root too; the OpenAPI object's own fields are declared as inert
// keywords so that the root compiles (it is never used to validate anything).
const openApiRootFields = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags'];

function extensionKeywords(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => extensionKeywords(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeywords(value, found);
    }
  }
  return found;
}

export interface ValidationResult {
  valid: boolean;
  errors: string;
}

export interface SchemaValidator {
  /** Validates `value` against the schema at `pointer` (for example `/components/schemas/Payment`). */
  validate(pointer: string, value: unknown): ValidationResult;
}

const describeErrors = (errors: ErrorObject[] | null | undefined): string =>
  (errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`).join('; ');

export function schemaValidator(spec: OpenApi): SchemaValidator {
  // strict: an unknown or misspelt keyword (maxlength, requird) is an error, not silently ignored.
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addVocabulary([...openApiKeywords, ...openApiRootFields, ...extensionKeywords(spec)]);
  ajv.addSchema({ ...spec, $id: specId });
  return {
    validate: (pointer, value) => {
      const validate = ajv.compile({ $ref: `${specId}#${pointer}` });
      const valid = validate(value) as boolean;
      return { valid, errors: describeErrors(validate.errors) };
    },
  };
}
