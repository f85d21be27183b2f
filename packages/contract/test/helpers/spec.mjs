// The bundled description, its operations and a 2020-12 validator (the kit's own), shared by the tests.
import { createSchemaValidator, listOperations, loadSpec } from '../../lib/index.js';

export const spec = loadSpec();
export const validator = createSchemaValidator(spec);
const operations = listOperations(spec);

export function operationById(operationId) {
  const operation = operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`No operation ${operationId} in the description`);
  return operation;
}
