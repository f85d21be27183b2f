// The bundled description, its operations and a 2020-12 validator, shared by the tests.
import { expect } from 'vitest';
import { createSchemaValidator, listOperations, loadSpec } from '@merchant-ordering/contract';

export const spec = loadSpec();
export const operations = listOperations(spec);
export const validator = createSchemaValidator(spec);

export function operationById(operationId) {
  const operation = operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`No operation ${operationId} in the description`);
  return operation;
}

/** The schema pointer of an operation's response body. */
export function responseSchema(operationId, status, mediaType = 'application/json') {
  const pointer = operationById(operationId).responses[status]?.content[mediaType]?.schemaPointer;
  if (!pointer) throw new Error(`${operationId} documents no ${status} ${mediaType} body`);
  return pointer;
}

/** Asserts a value matches a schema; the failure lists every error with its path and value. */
export function expectToMatchSchema(value, pointer) {
  const { errors } = validator.validate(pointer, value);
  expect(errors.map((error) => `${error.instancePath || '(root)'} ${error.message} (${error.schemaPath})`)).toEqual([]);
}
