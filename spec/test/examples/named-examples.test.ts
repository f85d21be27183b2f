// Every example in the description is valid against the schema it illustrates, checked with a JSON
// Schema 2020-12 validator (Ajv, formats on): a client generated from the description, or the mock
// server serving these examples, must never meet an example its own types reject.
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '@merchant-ordering/test-kit/json-schema';
import { loadBundle } from '../support/load-bundle';
import { mediaAndParameterExamples, schemaExamples } from '../support/named-examples';
import { operations, response } from '../support/spec-queries';

const spec = loadBundle();
const validator = schemaValidator(spec);
const named = mediaAndParameterExamples(spec);
const inSchemas = schemaExamples(spec);

describe('named examples of parameters, headers and bodies', () => {
  it('every response body of every operation has at least one named example', () => {
    const withoutExamples = operations(spec).flatMap((entry) =>
      Object.keys(entry.operation.responses).flatMap((status) =>
        Object.keys(response(spec, entry, status).node.content ?? {})
          .map((type) => `${entry.label} ${status} ${type}`)
          .filter((where) => !named.some((example) => example.label.startsWith(`${where} example`))),
      ),
    );
    expect(withoutExamples).toEqual([]);
  });

  it.each(named.map((example) => [example.label, example] as const))('%s validates against its schema', (_label, example) => {
    const result = validator.validate(example.schemaPointer, example.value);
    expect(result.errors).toBe('');
    expect(result.valid).toBe(true);
  });
});

describe('examples inside schemas', () => {
  it.each(inSchemas.map((example) => [example.label, example] as const))('%s validates against its schema', (_label, example) => {
    const result = validator.validate(example.schemaPointer, example.value);
    expect(result.errors).toBe('');
    expect(result.valid).toBe(true);
  });
});

describe('the validator used above', () => {
  it('refuses an example that breaks its schema (a control: the checks above can fail)', () => {
    const [page] = named.filter((example) => example.label.startsWith('GET /v2/payments 200 application/json'));
    const broken = structuredClone(page.value) as { limit: unknown };
    broken.limit = '20';
    expect(validator.validate(page.schemaPointer, broken).valid).toBe(false);
  });
});
