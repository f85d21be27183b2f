// The verifier's credentials (lib/credentials.js: where they come from, the checks and their messages,
// which never hold the value) and the validator's own formats and $ref inlining (lib/schema-validator.js:
// int32 at its limits, formats ajv-formats adds, a $ref beside annotations, extensions or constraints).
import { describe, expect, it } from 'vitest';
import { checkCredentials, credentialsFor, MAX_CREDENTIAL_LENGTH, redactorFor } from '../../lib/credentials.js';
import { createSchemaValidator, inlineReferences } from '../../lib/schema-validator.js';

describe('credentialsFor', () => {
  it('MERCHANT_ID and SECRET_KEY, both set, are used for any server', () => {
    expect(credentialsFor('https://api.example.test', { MERCHANT_ID: 'm-1', SECRET_KEY: 'k-1' })).toEqual({ merchantId: 'm-1', secretKey: 'k-1' });
  });

  it('errors name the variable, not its value', () => {
    expect(() => credentialsFor('https://api.example.test', { MERCHANT_ID: 'm-1', SECRET_KEY: 'k'.repeat(1025) })).toThrow(
      new Error('SECRET_KEY is 1025 characters long; at most 1024 are supported'),
    );
    expect(() => credentialsFor('https://api.example.test', { MERCHANT_ID: 'm'.repeat(1025), SECRET_KEY: 'k' })).toThrow(
      new Error('MERCHANT_ID is 1025 characters long; at most 1024 are supported'),
    );
  });

  it("a local server without both variables gets the API document's example", () => {
    for (const url of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010']) {
      expect(credentialsFor(url, {})).toEqual({ merchantId: '32', secretKey: 'abcdefgh' });
      expect(credentialsFor(url, { MERCHANT_ID: 'm-1' })).toEqual({ merchantId: '32', secretKey: 'abcdefgh' });
      expect(credentialsFor(url, { SECRET_KEY: 'k-1' })).toEqual({ merchantId: '32', secretKey: 'abcdefgh' });
    }
  });

  it('any other server without both variables is refused', () => {
    expect(() => credentialsFor('http://10.0.0.1:4010', { MERCHANT_ID: 'm-1' })).toThrow(
      new Error("Set MERCHANT_ID and SECRET_KEY to check http://10.0.0.1:4010; the document's example credentials are only used for a local server."),
    );
  });
});

describe('checkCredentials', () => {
  it('each field a string of 1 to 1,024 characters; the error names the field', () => {
    const longest = 'x'.repeat(MAX_CREDENTIAL_LENGTH);
    expect(checkCredentials({ merchantId: longest, secretKey: 'k' })).toEqual({ merchantId: longest, secretKey: 'k' });
    expect(() => checkCredentials({ merchantId: 'm', secretKey: `${longest}x` })).toThrow(
      new Error('credentials.secretKey is 1025 characters long; at most 1024 are supported'),
    );
    expect(() => checkCredentials({ merchantId: '', secretKey: 'k' })).toThrow(new Error('credentials.merchantId must be a non-empty string'));
    expect(() => checkCredentials({ merchantId: 'm', secretKey: 42 })).toThrow(new Error('credentials.secretKey must be a non-empty string'));
    expect(() => checkCredentials({ merchantId: 'm' })).toThrow(new Error('credentials.secretKey must be a non-empty string'));
    expect(() => checkCredentials(undefined)).toThrow(new Error('credentials.merchantId must be a non-empty string'));
    expect(() => checkCredentials(null, { merchantId: 'id', secretKey: 'key' })).toThrow(new Error('id must be a non-empty string'));
  });

  it('the redactor refuses what the check refuses, and hides the secret', () => {
    expect(() => redactorFor({ merchantId: 'm', secretKey: '' })).toThrow(new Error('credentials.secretKey must be a non-empty string'));
    expect(redactorFor({ merchantId: '32', secretKey: 'abcdefgh' })('key abcdefgh')).toBe('key [REDACTED]');
  });
});

describe('the validator', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      schemas: {
        Count: { type: 'integer', format: 'int32' },
        Big: { type: 'integer', format: 'int64' },
        Email: { type: 'string', format: 'email' },
        Created: { type: 'string', format: 'date-time' },
        Ratio: { type: 'number', format: 'float' },
        Total: { type: 'number', format: 'double' },
        Untyped: { properties: { a: { type: 'string' } }, required: ['a'] },
        Id: { type: 'string', minLength: 3 },
        Annotated: { $ref: '#/components/schemas/Id', description: 'An id.', 'x-note': 'kept aside' },
        Narrowed: { $ref: '#/components/schemas/Id', maxLength: 4 },
        NarrowedTwice: { $ref: '#/components/schemas/Id', allOf: [{ pattern: '^a' }] },
      },
    },
  };
  // Built in each test, not when the file loads: Stryker runs a mutant only with the tests that reach it.
  const check = (name, value) => createSchemaValidator(doc).validate(`#/components/schemas/${name}`, value);

  it('int32: from -2^31 to 2^31 - 1, integers only', () => {
    for (const value of [-(2 ** 31), 0, 2 ** 31 - 1]) expect(check('Count', value).valid).toBe(true);
    for (const value of [-(2 ** 31) - 1, 2 ** 31]) {
      expect(check('Count', value)).toMatchObject({ valid: false, errors: [{ keyword: 'format', schemaPath: '#/components/schemas/Count/format', value }] });
    }
    expect(check('Big', 2 ** 40).valid).toBe(true);
  });

  it("date-time as the description means it, not ajv-formats' looser reading; float and double are any number", () => {
    expect(check('Created', '2026-11-27T10:00:00Z').valid).toBe(true);
    for (const value of ['2026-11-27t10:00:00z', '2026-11-27 10:00:00Z', '2026-11-27T10:00:00+0100']) {
      expect(check('Created', value)).toMatchObject({ valid: false, errors: [{ keyword: 'format', schemaPath: '#/components/schemas/Created/format' }] });
    }
    expect(check('Ratio', 1.5).valid).toBe(true);
    expect(check('Total', -1e300).valid).toBe(true);
  });

  it('a schema without a type is checked by its other keywords', () => {
    expect(check('Untyped', { a: 'x' }).valid).toBe(true);
    expect(check('Untyped', { a: 1 }).errors).toMatchObject([
      { instancePath: '/a', keyword: 'type', schemaPath: '#/components/schemas/Untyped/properties/a/type' },
    ]);
  });

  it('a keyword that is neither JSON Schema, OpenAPI nor an x- extension is refused, not ignored', () => {
    const odd = { ...doc, components: { schemas: { Odd: { type: 'string', maxLenght: 3 } } } };
    expect(() => createSchemaValidator(odd).validate('#/components/schemas/Odd', 'abcd')).toThrow(/unknown keyword: "maxLenght"/);
  });

  it('formats of ajv-formats are checked too', () => {
    expect(check('Email', 'a@example.test').valid).toBe(true);
    expect(check('Email', 'not an email')).toMatchObject({ valid: false, errors: [{ keyword: 'format', schemaPath: '#/components/schemas/Email/format' }] });
  });

  it('a $ref beside annotations and extensions is its target; beside a constraint, both apply, each named where it is written', () => {
    expect(check('Annotated', 'abc').valid).toBe(true);
    expect(check('Annotated', 'ab').errors).toMatchObject([{ keyword: 'minLength', schemaPath: '#/components/schemas/Id/minLength' }]);
    expect(check('Narrowed', 'abcd').valid).toBe(true);
    expect(check('Narrowed', 'ab').errors).toMatchObject([{ keyword: 'minLength', schemaPath: '#/components/schemas/Id/minLength' }]);
    expect(check('Narrowed', 'abcde').errors).toMatchObject([{ keyword: 'maxLength', schemaPath: '#/components/schemas/Narrowed/maxLength' }]);
    expect(check('NarrowedTwice', 'abc').valid).toBe(true);
    expect(check('NarrowedTwice', 'bcd').errors).toMatchObject([{ keyword: 'pattern', schemaPath: '#/components/schemas/NarrowedTwice/allOf/0/pattern' }]);
  });

  it('inlining: a $ref with only annotations or x- keys becomes its target; one with constraints an allOf', () => {
    const { inlined } = inlineReferences(doc);
    const schemas = inlined.components.schemas;
    expect(schemas.Annotated).toBe(schemas.Id);
    expect(schemas.Narrowed).toEqual({ maxLength: 4, allOf: [{ type: 'string', minLength: 3 }] });
    expect(schemas.NarrowedTwice).toEqual({ allOf: [{ type: 'string', minLength: 3 }, { pattern: '^a' }] });
    // A key that only ends in x- is not an extension.
    const odd = inlineReferences({ a: { $ref: '#/b', 'max-': 1 }, b: { type: 'string' } }).inlined;
    expect(odd.a).toEqual({ 'max-': 1, allOf: [{ type: 'string' }] });
  });
});
