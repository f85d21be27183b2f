// The answer check, rule by rule, each accepted and refused, on a small description of its own (the
// kit depends on no product package; the sandbox's tests run it on the real one, answer by answer).
import { describe, expect, it } from 'vitest';
import { answerChecker } from '../lib/answer-check.js';

const json = (schema) => ({ 'application/json': { schema } });
const description = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/things': {
      get: {
        responses: {
          200: { $ref: '#/components/responses/Things' },
          404: { description: 'exact', content: json({ $ref: '#/components/schemas/Error' }) },
          '4XX': { description: 'a range', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Error' } } } },
          default: { description: 'anything else, no content' },
        },
      },
    },
    '/ping': { $ref: '#/components/pathItems/Ping' },
    '/files/{name}': {
      get: {
        responses: {
          200: { description: 'any media type', content: { '*/*': {} } },
          201: { description: 'an image', content: { 'image/*': { schema: { type: 'string' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'amount'],
        properties: { id: { type: 'string' }, amount: { type: 'integer' }, at: { type: 'string', format: 'date-time' } },
        'x-note': 'an extension keyword compiles',
      },
      Things: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } },
      Error: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
    },
    headers: { RequestId: { required: true, schema: { type: 'string', pattern: '^[0-9a-f]{8}$' } } },
    responses: {
      Things: {
        description: 'a page',
        headers: {
          'Request-Id': { $ref: '#/components/headers/RequestId' },
          'Retry-After': { schema: { type: 'integer', minimum: 0 } },
          'Cache-Control': { schema: { type: 'string' } },
          Replayed: { schema: { type: 'boolean' } },
        },
        content: json({ $ref: '#/components/schemas/Things' }),
      },
    },
    pathItems: {
      Ping: { get: { responses: { 200: { description: 'pong', content: { 'text/plain': { schema: { type: 'string', pattern: '^pong$' } } } } } } },
    },
  },
};

const { check, describes } = answerChecker(description);
const JSON_TYPE = { 'content-type': 'application/json' };
const page = (items, headers = {}) => ({ status: 200, headers: { ...JSON_TYPE, 'Request-Id': '0123abcd', ...headers }, body: JSON.stringify({ items }) });
const thing = { id: 'a', amount: 100 };

describe('the operation', () => {
  it('is found by method and path as written, through a $ref to a path item', () => {
    expect([describes('GET', '/things'), describes('get', '/ping'), describes('GET', '/files/{name}')]).toEqual([true, true, true]);
    expect([describes('POST', '/things'), describes('GET', '/nothing'), describes('GET', '/files/a')]).toEqual([false, false, false]);
  });

  it('is one the description has, or the check throws (a mistake in the test, not an answer)', () => {
    expect(() => check('GET', '/nothing', page([]))).toThrow('the description has no GET /nothing');
  });
});

describe('the status', () => {
  it('is accepted by its exact code, which wins over a range', () => {
    expect(check('GET', '/things', page([thing]))).toEqual([]);
    expect(check('GET', '/things', { status: 404, headers: JSON_TYPE, body: '{"code":"missing"}' })).toEqual([]);
    expect(check('GET', '/things', { status: 404, headers: { 'content-type': 'application/problem+json' }, body: '{"code":"x"}' })).toEqual([
      { location: 'Content-Type', message: 'application/problem+json is not documented (documented: application/json)' },
    ]);
  });

  it('is accepted by a 4XX range, then by default', () => {
    expect(check('GET', '/things', { status: 418, headers: { 'content-type': 'application/problem+json' }, body: '{"code":"teapot"}' })).toEqual([]);
    expect(check('GET', '/things', { status: 418, headers: { 'content-type': 'application/problem+json' }, body: '{}' })).toEqual([
      { location: 'body', message: "must have required property 'code'" },
    ]);
    expect(check('GET', '/things', { status: 503, headers: {}, body: 'down' })).toEqual([]);
  });

  it('is refused when neither the code, its range nor default is documented, in words that start with the status', () => {
    const violations = check('GET', '/ping', { status: 500, headers: {}, body: '' });
    expect(violations).toEqual([{ location: 'status', message: '500 is not documented for GET /ping (documented: 200)' }]);
    expect(violations[0].message.startsWith('500 is not documented')).toBe(true);
    expect(check('GET', '/ping', { status: 204, headers: {}, body: '' })).toHaveLength(1);
  });
});

describe('the Content-Type', () => {
  it('is a documented media type, its parameters and case aside', () => {
    expect(check('GET', '/things', page([], { 'content-type': 'application/json; charset=utf-8' }))).toEqual([]);
    expect(check('GET', '/things', page([], { 'content-type': 'Application/JSON' }))).toEqual([]);
  });

  it('is refused when missing or not documented', () => {
    const missing = page([]);
    delete missing.headers['content-type'];
    expect(check('GET', '/things', missing)).toEqual([{ location: 'Content-Type', message: 'is missing (documented: application/json)' }]);
    expect(check('GET', '/things', page([], { 'content-type': 'text/html' }))).toEqual([
      { location: 'Content-Type', message: 'text/html is not documented (documented: application/json)' },
    ]);
  });

  it('matches a documented range: */* any, image/* only images', () => {
    expect(check('GET', '/files/{name}', { status: 200, headers: { 'content-type': 'text/csv' }, body: 'a,b' })).toEqual([]);
    expect(check('GET', '/files/{name}', { status: 201, headers: { 'content-type': 'image/png' }, body: 'png' })).toEqual([]);
    expect(check('GET', '/files/{name}', { status: 201, headers: { 'content-type': 'text/plain' }, body: 'png' })).toHaveLength(1);
    expect(check('GET', '/files/{name}', { status: 200, headers: {}, body: 'a,b' })).toEqual([
      { location: 'Content-Type', message: 'is missing (documented: */*)' },
    ]);
  });

  it('is not asked for where the response documents no content', () => {
    expect(check('GET', '/things', { status: 500, headers: {}, body: '' })).toEqual([]);
  });
});

describe('the headers', () => {
  it('a required one is there, under any case, as a Headers object or a record', () => {
    expect(check('GET', '/things', { status: 200, headers: new Headers({ ...JSON_TYPE, 'request-id': '0123abcd' }), body: '{"items":[]}' })).toEqual([]);
    const missing = page([]);
    delete missing.headers['Request-Id'];
    expect(check('GET', '/things', missing)).toEqual([{ location: 'Request-Id', message: 'is required but missing' }]);
  });

  it('a present one matches its schema, through a $ref to the header', () => {
    expect(check('GET', '/things', page([], { 'Request-Id': 'XYZ' }))).toEqual([
      { location: 'Request-Id', message: '"XYZ" must match pattern "^[0-9a-f]{8}$"' },
    ]);
  });

  it('an optional one may be absent; when present, a number or a boolean is read from its text', () => {
    expect(check('GET', '/things', page([], { 'Retry-After': '5', 'Cache-Control': 'no-store' }))).toEqual([]);
    expect(check('GET', '/things', page([], { 'Retry-After': '05', Replayed: 'false' }))).toEqual([]);
    expect(check('GET', '/things', page([], { Replayed: 'yes' }))).toEqual([{ location: 'Replayed', message: '"yes" must be boolean' }]);
    expect(check('GET', '/things', page([], { 'Retry-After': 'soon' }))).toEqual([{ location: 'Retry-After', message: '"soon" must be integer' }]);
    expect(check('GET', '/things', page([], { 'Retry-After': 'true' }))).toEqual([{ location: 'Retry-After', message: '"true" must be integer' }]);
    expect(check('GET', '/things', page([], { 'Retry-After': '-1' }))).toEqual([{ location: 'Retry-After', message: '"-1" must be >= 0' }]);
  });
});

describe('the body', () => {
  it('matches the schema of the media type, through $refs', () => {
    expect(check('GET', '/things', page([thing, { ...thing, at: '2024-03-12T09:00:00.000+11:00' }]))).toEqual([]);
  });

  it('a field of the wrong type or a missing required one is named by its place', () => {
    expect(check('GET', '/things', page([{ id: 'a', amount: '100' }]))).toEqual([{ location: 'body/items/0/amount', message: 'must be integer' }]);
    expect(check('GET', '/things', page([thing, { amount: 1 }]))).toEqual([{ location: 'body/items/1', message: "must have required property 'id'" }]);
  });

  it('a date-time is the profile of spec/vectors/date-time.json, not any ISO 8601 form', () => {
    expect(check('GET', '/things', page([{ ...thing, at: '2024-03-12 09:00:00Z' }]))).toEqual([
      { location: 'body/items/0/at', message: 'must match format "date-time"' },
    ]);
  });

  it('JSON that does not parse is refused', () => {
    expect(check('GET', '/things', { ...page([]), body: '{"items":' })).toEqual([
      { location: 'body', message: 'is not JSON although Content-Type is application/json' },
    ]);
  });

  it('a text body is matched as a string', () => {
    expect(check('GET', '/ping', { status: 200, headers: { 'content-type': 'text/plain' }, body: 'pong' })).toEqual([]);
    expect(check('GET', '/ping', { status: 200, headers: { 'content-type': 'text/plain' }, body: 'PONG' })).toEqual([
      { location: 'body', message: 'must match pattern "^pong$"' },
    ]);
  });
});
