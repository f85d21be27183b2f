// The rules of one exchange, exactly (lib/request-check.js, lib/response-check.js, lib/text-values.js):
// which parameters are read and how their text is typed, the HTTP Basic header's form, Content-Type
// parameters, unreadable bodies and the first-error-only mode; and the vector files the kit ships.
import { describe, expect, it } from 'vitest';
import { listOperations } from '../../lib/spec-document.js';
import { createSchemaValidator } from '../../lib/schema-validator.js';
import { checkRequest } from '../../lib/request-check.js';
import { checkResponse, MAX_VALUES_FOR_EVERY_ERROR } from '../../lib/response-check.js';
import { readHeader, readScalar } from '../../lib/text-values.js';
import { MAX_JSON_DEPTH } from '../../lib/json-limits.js';
import { vectorFiles, vectorsDir } from '../../lib/spec-package.js';
import { readdirSync } from 'node:fs';

const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  security: [{ basic: [] }],
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 } },
          { name: 'ratio', in: 'query', schema: { type: 'number' } },
          { name: 'open', in: 'query', schema: { type: 'boolean' } },
          { name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'session', in: 'cookie', required: true, schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', minLength: 3 } },
        ],
        responses: {
          200: {
            description: 'Items.',
            headers: { 'X-Count': { schema: { type: 'integer' } }, 'X-Note': { description: 'free text' } },
            content: { 'application/json': { schema: { type: 'array', items: { type: 'integer' } } } },
          },
          204: { description: 'None.' },
          202: { description: 'Text.', content: { 'text/plain': {}, 'text/csv': {} } },
        },
      },
    },
    '/open': { get: { security: [{}, { basic: [] }], responses: { 200: { description: 'ok' } } } },
  },
  components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' } } },
};
// Read in each test, not when the file loads: Stryker runs a mutant only with the tests that reach it.
const described = () => {
  const [items, open] = listOperations(doc);
  return { items, open, validator: createSchemaValidator(doc) };
};
const AUTH = `Basic ${Buffer.from('32:abcdefgh').toString('base64')}`;
const request = (query = [], headers = {}) => {
  const { items, validator } = described();
  return checkRequest(items, { query, headers: { 'X-Trace': 'abc', Authorization: AUTH, ...headers } }, validator);
};
const brief = (violations) => violations.map(({ kind, location, message }) => `${kind} ${location}: ${message}`);

describe('request parameters', () => {
  it('a conforming request: nothing; cookies are not checked', () => {
    expect(request([['limit', '5']])).toEqual([]);
  });

  it('query text is typed as a server reads it: plain numbers and booleans only', () => {
    expect(
      request([
        ['limit', '-3'],
        ['ratio', '0.25'],
        ['open', 'true'],
      ]),
    ).toEqual([]);
    expect(request([['open', 'false']])).toEqual([]);
    expect(brief(request([['limit', '11']]))).toEqual(['request query/limit: must be <= 10']);
    expect(brief(request([['limit', '1e1']]))).toEqual(['request query/limit: must be integer']);
    expect(brief(request([['ratio', '1.']]))).toEqual(['request query/ratio: must be number']);
    expect(brief(request([['ratio', '1.x']]))).toEqual(['request query/ratio: must be number']);
    expect(brief(request([['limit', '1.5']]))).toEqual(['request query/limit: must be integer']);
    expect(brief(request([['open', 'TRUE']]))).toEqual(['request query/open: must be boolean']);
    expect(brief(request([['open', '1']]))).toEqual(['request query/open: must be boolean']);
  });

  it('a repeated parameter must be an array; an array reads each item', () => {
    expect(
      request([
        ['ids', '1'],
        ['ids', '22'],
      ]),
    ).toEqual([]);
    expect(
      request([
        ['limit', '1'],
        ['limit', '2'],
      ]),
    ).toEqual([{ kind: 'request', location: 'query/limit', message: 'is sent 2 times but is not an array', value: ['1', '2'] }]);
    expect(
      brief(
        request([
          ['ids', '1'],
          ['ids', 'x'],
        ]),
      ),
    ).toEqual(['request query/ids/1: must be integer']);
  });

  it('an undeclared query parameter is named once', () => {
    expect(
      request([
        ['page', '1'],
        ['page', '2'],
        ['sort', 'a'],
      ]),
    ).toEqual([
      { kind: 'request', location: 'query/page', message: 'is not a declared query parameter' },
      { kind: 'request', location: 'query/sort', message: 'is not a declared query parameter' },
    ]);
  });

  it('headers by any case; a required one missing', () => {
    const { items, validator } = described();
    expect(checkRequest(items, { query: [], headers: { 'x-trace': 'abcd', AUTHORIZATION: AUTH } }, validator)).toEqual([]);
    expect(checkRequest(items, { query: [], headers: { Authorization: AUTH } }, validator)).toEqual([
      { kind: 'request', location: 'header/X-Trace', message: 'is required but missing' },
    ]);
    expect(brief(request([], { 'X-Trace': 'ab' }))).toEqual(['request header/X-Trace: must NOT have fewer than 3 characters']);
  });
});

describe('the Authorization header (HTTP Basic)', () => {
  const malformed = (value) => [{ kind: 'request', location: 'header/Authorization', message: 'is not `Basic base64(<merchant_id>:<secret_key>)`', value }];

  it('base64 of id:secret, padded with none, one or two =', () => {
    for (const pair of ['abc:defgh', 'ab:cdefg', 'ab:cdef']) {
      expect(request([], { Authorization: `Basic ${Buffer.from(pair).toString('base64')}` })).toEqual([]);
    }
    expect(request([], { Authorization: `Basic ${Buffer.from('id:sécret').toString('base64')}` })).toEqual([]);
  });

  it('anything else is named, with the value', () => {
    for (const value of [`${AUTH} extra`, `x${AUTH}`, 'Bearer abc', `Basic ${Buffer.from('no-colon').toString('base64')}`, 'Basic YWJj=']) {
      expect(request([], { Authorization: value })).toEqual(malformed(value));
    }
    expect(request([], { Authorization: undefined })).toEqual([
      { kind: 'request', location: 'header/Authorization', message: 'is required (HTTP Basic) but missing' },
    ]);
  });

  it('an operation with an empty requirement among others needs none', () => {
    const { open, validator } = described();
    expect(checkRequest(open, { query: [], headers: {} }, validator)).toEqual([]);
  });
});

describe('responses', () => {
  const response = (status, headers, body) => {
    const { items, validator } = described();
    return checkResponse(items, { status, headers, body }, validator);
  };
  const json = { 'content-type': 'application/json' };

  it('a Content-Type with parameters, in any case and spacing', () => {
    expect(response(200, { 'content-type': 'Application/JSON ; charset=utf-8' }, '[1]')).toEqual([]);
    expect(response(200, { 'content-type': 'text/html' }, '[1]')).toEqual([
      { kind: 'header', location: 'Content-Type', message: 'is not documented for 200 (documented: application/json)', value: 'text/html' },
    ]);
    expect(response(200, {}, '[1]')).toEqual([
      { kind: 'header', location: 'Content-Type', message: 'is missing for 200 (documented: application/json)', value: undefined },
    ]);
    expect(response(202, { 'content-type': 'text/html' }, 'x')).toEqual([
      { kind: 'header', location: 'Content-Type', message: 'is not documented for 202 (documented: text/plain, text/csv)', value: 'text/html' },
    ]);
  });

  it('headers: typed when they have a schema, free text when not', () => {
    expect(response(200, { ...json, 'x-count': '3', 'x-note': 'anything' }, '[1]')).toEqual([]);
    expect(brief(response(200, { ...json, 'x-count': 'three' }, '[1]'))).toEqual(['header X-Count: must be integer']);
  });

  it('a body that could not be read is not checked; one that is not JSON, or too deep, is named', () => {
    expect(response(200, json, undefined)).toEqual([]);
    expect(response(200, json, '[1,')).toEqual([
      { kind: 'body', location: '(root)', message: 'is not valid JSON although Content-Type is application/json', value: '[1,' },
    ]);
    expect(response(200, json, `${'['.repeat(1000)}${']'.repeat(1000)}`)).toEqual([
      { kind: 'body', location: '', message: `is nested more than ${MAX_JSON_DEPTH} levels deep; not parsed` },
    ]);
    expect(response(202, { 'content-type': 'text/plain' }, 'free text')).toEqual([]);
  });

  it('a body error at the root is located at (root)', () => {
    expect(response(200, json, '{}')).toEqual([
      {
        kind: 'body',
        location: '(root)',
        message: 'must be array',
        schemaPath: '#/paths/~1items/get/responses/200/content/application~1json/schema/type',
        value: {},
      },
    ]);
  });

  it(`every error up to ${MAX_VALUES_FOR_EVERY_ERROR} JSON values; past that, the first only, saying so`, () => {
    // An array of n strings is n + 1 values.
    const strings = (n) => JSON.stringify(Array.from({ length: n }, () => 'x'));
    expect(response(200, json, strings(MAX_VALUES_FOR_EVERY_ERROR - 1))).toHaveLength(MAX_VALUES_FOR_EVERY_ERROR - 1);
    expect(response(200, json, strings(MAX_VALUES_FOR_EVERY_ERROR))).toEqual([
      {
        kind: 'body',
        location: '/0',
        message: `must be integer (the first error only: the body has more than ${MAX_VALUES_FOR_EVERY_ERROR} JSON values)`,
        schemaPath: '#/paths/~1items/get/responses/200/content/application~1json/schema/items/type',
        value: 'x',
      },
    ]);
  });
});

describe('text values', () => {
  it('numbers and booleans written plainly, else the text', () => {
    expect(readScalar('12', 'integer')).toBe(12);
    expect(readScalar('-1.50', 'number')).toBe(-1.5);
    expect(readScalar('1.25', 'number')).toBe(1.25);
    expect(readScalar('12', 'string')).toBe('12');
    expect(readScalar('12', undefined)).toBe('12');
    expect(readScalar('true', 'boolean')).toBe(true);
    expect(readScalar('false', 'boolean')).toBe(false);
    expect(readScalar('true', 'string')).toBe('true');
    expect(readScalar('yes', 'boolean')).toBe('yes');
    expect(readScalar('0x1f', 'integer')).toBe('0x1f');
  });

  it('a header array is comma-separated, spaces around items ignored', () => {
    expect(readHeader('1, 2 ,3', { type: 'array', itemType: 'integer' })).toEqual([1, 2, 3]);
    expect(readHeader('a, b', { type: 'array' })).toEqual(['a', 'b']);
    expect(readHeader('1, 2', { type: 'string' })).toBe('1, 2');
  });
});

describe('the vector files', () => {
  it('every .json and .md file of the vectors folder, sorted, with its path', () => {
    const names = readdirSync(vectorsDir)
      .filter((name) => /\.(json|md)$/.test(name))
      .sort();
    expect(names.length).toBeGreaterThan(1);
    expect(vectorFiles()).toEqual(names.map((name) => ({ name, path: `${vectorsDir}/${name}` })));
    const listed = vectorFiles().map((file) => file.name);
    expect(listed).toContain('README.md');
    expect(listed).toContain('provider-scenarios.json');
    expect(listed).not.toContain('index.d.ts');
  });
});
