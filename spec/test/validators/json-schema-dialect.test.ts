// Every schema of the description is valid JSON Schema 2020-12, the dialect of OpenAPI 3.1, and uses no
// keyword Ajv does not know (strict mode): a misspelt `maxlength` would otherwise constrain nothing.
// This covers the Schema Objects that swagger-parser only checks to be objects.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '@merchant-ordering/test-kit/json-schema';
import type { DateTimeCase } from '../../vectors/index.js';
import { loadBundle } from '../support/load-bundle';
import { specDir } from '../support/paths';

const spec = loadBundle();
const componentNames = Object.keys(spec.components.schemas);
const metaSchema = new Ajv2020();

describe('the schemas are JSON Schema 2020-12', () => {
  it.each(componentNames)('%s is valid against the 2020-12 meta-schema', (name) => {
    const valid = metaSchema.validateSchema(spec.components.schemas[name]);
    expect(metaSchema.errorsText()).toBe('No errors');
    expect(valid).toBe(true);
  });

  it.each(componentNames)('%s compiles in strict mode (no unknown or misspelt keywords)', (name) => {
    expect(() => schemaValidator(spec).validate(`/components/schemas/${name}`, {})).not.toThrow();
  });

  it('a misspelt keyword is caught (a control: maxlength instead of maxLength)', () => {
    const broken = loadBundle();
    broken.components.schemas.Money.properties.amount.maxlength = 10;
    expect(() => schemaValidator(broken).validate('/components/schemas/Money', {})).toThrow(/unknown keyword: "maxlength"/);
  });
});

// The tests' validator reads `format: date-time` as the description means it (vectors/date-time.json),
// not as ajv-formats does (a lower-case t or z, a space for T, an offset without its colon).
describe("format: date-time, in the tests' validator", () => {
  const { cases } = JSON.parse(readFileSync(resolve(specDir, 'vectors/date-time.json'), 'utf8')) as { cases: DateTimeCase[] };
  const validator = schemaValidator(spec);
  it.each(cases.map((c) => [c.name, c.valid ? 'valid' : 'invalid', c] as const))('%s: %s, as the vector says', (_, __, c) => {
    expect(validator.validate('/components/schemas/Payment/properties/created', c.value).valid).toBe(c.valid);
  });
});
