// Every schema of the description is valid JSON Schema 2020-12, the dialect of OpenAPI 3.1, and uses no
// keyword Ajv does not know (strict mode): a misspelt `maxlength` would otherwise constrain nothing.
// This covers the Schema Objects that swagger-parser only checks to be objects.
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '@merchant-ordering/test-kit/json-schema';
import { loadBundle } from '../support/load-bundle';

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
