// What the consumer scenarios know about the description: its operations and a JSON Schema 2020-12
// check (ajv). The vitest files build it, so the scenarios themselves stay free of validators.
import { createSchemaValidator, listOperations, loadSpec } from '@merchant-ordering/contract';

export function createScenarioContext(baseUrl) {
  const spec = loadSpec();
  const operations = listOperations(spec);
  const validator = createSchemaValidator(spec);

  function operationById(operationId) {
    const operation = operations.find((candidate) => candidate.operationId === operationId);
    if (!operation) throw new Error(`No operation ${operationId} in the description`);
    return operation;
  }

  return {
    baseUrl,
    operations,
    operationById,
    /** The schema pointer of an operation's response body. */
    responseSchema(operationId, status, mediaType = 'application/json') {
      const pointer = operationById(operationId).responses[status]?.content[mediaType]?.schemaPointer;
      if (!pointer) throw new Error(`${operationId} documents no ${status} ${mediaType} body`);
      return pointer;
    },
    /** Every error of `value` against the schema at `pointer`, with its path and value; [] when valid. */
    schemaErrors(value, pointer) {
      return validator.validate(pointer, value).errors.map((error) => `${error.instancePath || '(root)'} ${error.message} (${error.schemaPath})`);
    },
  };
}
