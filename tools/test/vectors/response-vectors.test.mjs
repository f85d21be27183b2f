// spec/vectors/responses.json cannot rot: every case is re-validated against the bundled description
// with JSON Schema 2020-12 and must give the recorded verdict and exactly the recorded errors.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSchemaValidator, listOperations, loadSpec, vectorsDir } from '@merchant-ordering/contract';
import { describe, expect, it } from 'vitest';

const spec = loadSpec();
const operations = listOperations(spec);
const validator = createSchemaValidator(spec);
const { cases } = JSON.parse(readFileSync(join(vectorsDir, 'responses.json'), 'utf8'));

const byLocation = (a, b) => `${a.instancePath} ${a.schemaPath}`.localeCompare(`${b.instancePath} ${b.schemaPath}`);

describe('response vectors', () => {
  it.each(cases)('$name: the recorded verdict and errors are what the spec gives', (vector) => {
    const operation = operations.find((candidate) => candidate.key === vector.operation);
    expect(operation?.operationId, `${vector.operation} is an operation of the description`).toBe(vector.operationId);
    const media = operation.responses[vector.status]?.content[vector.contentType];
    expect(media?.schemaPointer, `${vector.operation} documents ${vector.status} ${vector.contentType}`).toBe(vector.schema);

    const { valid, errors } = validator.validate(vector.schema, vector.body);
    const actual = errors.map(({ instancePath, schemaPath, keyword }) => ({ instancePath, schemaPath, keyword }));
    expect({ valid, errors: actual.sort(byLocation) }).toEqual({ valid: vector.valid, errors: [...vector.errors].sort(byLocation) });
  });

  it('an invalid vector always records at least one error and a valid one none', () => {
    for (const vector of cases) expect(vector.errors.length > 0, vector.name).toBe(!vector.valid);
  });

  it('cover every documented response body with at least one valid and one invalid case', () => {
    const missing = [];
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const mediaType of Object.keys(response.content)) {
          const here = cases.filter((vector) => vector.operation === operation.key && vector.status === status && vector.contentType === mediaType);
          if (!here.some((vector) => vector.valid)) missing.push(`${operation.key} ${status} ${mediaType}: no valid case`);
          if (!here.some((vector) => !vector.valid)) missing.push(`${operation.key} ${status} ${mediaType}: no invalid case`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('the README explains every vector file', () => {
    const readme = readFileSync(join(vectorsDir, 'README.md'), 'utf8');
    const files = readdirSync(vectorsDir).filter((file) => file.endsWith('.json'));
    expect(files.filter((file) => !readme.includes(`\`${file}\``))).toEqual([]);
  });
});
