// The 2020-12 validator over a description: every $ref inlined (ajv joins the errors of each call to a
// referenced schema with Array.concat, quadratic in the number of failing items), and every error named
// by the absolute location of its keyword.
import { describe, expect, it } from 'vitest';
import { createSchemaValidator, inlineReferences } from '../../lib/schema-validator.js';
import { spec } from '../helpers/spec.mjs';

const refsIn = (node) =>
  node === null || typeof node !== 'object' ? 0 : ('$ref' in node ? 1 : 0) + Object.values(node).reduce((sum, child) => sum + refsIn(child), 0);

const recursive = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1.0.0' },
  paths: {},
  components: {
    schemas: {
      Node: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
      },
      Price: { type: 'string', pattern: '^[0-9]+$' },
      Short: { $ref: '#/components/schemas/Price', description: 'a price of at most 3 digits', maxLength: 3 },
    },
  },
};

describe('inlineReferences', () => {
  it('leaves no $ref in the bundled description, which has no recursive schema', () => {
    expect(refsIn(spec)).toBeGreaterThan(0);
    expect(refsIn(inlineReferences(spec).inlined)).toBe(0);
  });

  it('keeps a $ref that loops back into the schema being inlined', () => {
    const { inlined } = inlineReferences(recursive);
    expect(inlined.components.schemas.Node.properties.children.items).toEqual({ $ref: '#/components/schemas/Node' });
  });

  it('shares one copy of each referenced schema, mapped to where it is written', () => {
    const { inlined, locations } = inlineReferences(spec);
    const payment = inlined.components.schemas.Payment;
    expect(locations.get(payment)).toBe('#/components/schemas/Payment');
    expect(locations.get(payment.properties.originalAmount.allOf?.[0] ?? payment.properties.originalAmount)).toBe('#/components/schemas/Money');
  });
});

describe('createSchemaValidator', () => {
  const validator = createSchemaValidator(recursive);

  it('validates a recursive schema at every depth, naming the keyword where it is written', () => {
    const { errors } = validator.validate('#/components/schemas/Node', { name: 'a', children: [{ name: 'b', children: [{ children: [] }] }] });
    expect(errors.map(({ instancePath, schemaPath }) => `${instancePath} ${schemaPath}`)).toEqual([
      '/children/0/children/0 #/components/schemas/Node/required',
    ]);
  });

  it('applies both a $ref and the keywords beside it, each error named where its keyword is', () => {
    const { errors } = validator.validate('#/components/schemas/Short', '12a45');
    expect(errors.map((error) => error.schemaPath).sort()).toEqual(['#/components/schemas/Price/pattern', '#/components/schemas/Short/maxLength']);
  });

  it('gives the first error only when asked, and every error otherwise', () => {
    const value = [{}, {}, {}];
    expect(validator.validate('#/components/schemas/Node/properties/children', value).errors).toHaveLength(3);
    expect(validator.validate('#/components/schemas/Node/properties/children', value, { firstErrorOnly: true }).errors).toHaveLength(1);
  });
});
