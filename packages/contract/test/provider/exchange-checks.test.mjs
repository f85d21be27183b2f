// The request and response checks behind the verifier, one rule at a time.
import { describe, expect, it } from 'vitest';
import { checkRequest } from '../../lib/request-check.js';
import { checkResponse } from '../../lib/response-check.js';
import { createSchemaValidator } from '../../lib/schema-validator.js';
import { findOperation } from '../../lib/spec-document.js';
import { FIXTURE_DESCRIPTION } from '../fixtures/fixture-description.mjs';
// The workspace's shared test helpers (relative: a package dependency on the tools would be circular).
import { operationById, validator } from '../helpers/spec.mjs';

const listPayments = operationById('listPayments');
const ping = operationById('ping');
const BASIC = `Basic ${Buffer.from('32:abcdefgh').toString('base64')}`;
const headers = { 'User-Agent': 'test/1.0', Authorization: BASIC };

const requestProblems = (query, extraHeaders = headers) =>
  checkRequest(listPayments, { query, headers: extraHeaders }, validator).map((violation) => `${violation.location}: ${violation.message}`);

describe('request check', () => {
  it('accepts a query that uses every parameter correctly', () => {
    expect(
      requestProblems([
        ['fromCreatedDate', '2019-01-01T09:00:00.000+11:00'],
        ['limit', '250'],
        ['offset', '0'],
        ['ids', 'a'],
        ['ids', 'b'],
        ['statuses', 'APPROVED'],
        ['orderBy', 'email'],
        ['ascending', 'false'],
      ]),
    ).toEqual([]);
  });

  it('reads integers only when written plainly, so limit=1e2 is not a number', () => {
    expect(requestProblems([['limit', '1e2']])).toEqual(['query/limit: must be integer']);
  });

  it('refuses a scalar parameter sent twice', () => {
    expect(
      requestProblems([
        ['limit', '20'],
        ['limit', '30'],
      ]),
    ).toEqual(['query/limit: is sent 2 times but is not an array']);
  });

  it('points at the array item that breaks the rule', () => {
    expect(
      requestProblems([
        ['ids', 'a'],
        ['ids', ''],
      ]),
    ).toEqual(['query/ids/1: must NOT have fewer than 1 characters']);
  });

  it('reports a parameter the operation does not declare', () => {
    expect(requestProblems([['page', '2']])).toEqual(['query/page: is not a declared query parameter']);
  });

  it('requires Basic credentials of the form id:secret, and accepts a request without a User-Agent (declared optional)', () => {
    expect(requestProblems([], {})).toEqual(['header/Authorization: is required (HTTP Basic) but missing']);
    expect(requestProblems([], { 'user-agent': '' })).toEqual(['header/Authorization: is required (HTTP Basic) but missing']);
    expect(requestProblems([], { 'user-agent': 'x', authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` })).toEqual([
      'header/Authorization: is not `Basic base64(<merchant_id>:<secret_key>)`',
    ]);
  });

  it('asks no credentials of Ping', () => {
    expect(checkRequest(ping, { query: [], headers: { 'User-Agent': 'x' } }, validator)).toEqual([]);
  });
});

describe('response check', () => {
  const json = { 'content-type': 'application/json' };

  it('reports a status the operation does not document', () => {
    expect(checkResponse(listPayments, { status: 404, headers: json, body: '{}' }, validator)).toEqual([
      expect.objectContaining({ kind: 'status', message: '404 is not documented for GET /v2/payments (documented: 200, 401, 405, 406, 422, 500)' }),
    ]);
  });

  it('reports a missing Content-Type', () => {
    expect(checkResponse(listPayments, { status: 200, headers: {}, body: '{}' }, validator)).toEqual([
      expect.objectContaining({ kind: 'header', location: 'Content-Type', message: expect.stringMatching(/^is missing/) }),
    ]);
  });

  it('accepts a documented media type with parameters', () => {
    expect(checkResponse(ping, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'pong' }, validator)).toEqual([]);
  });

  it('reports a JSON body that does not parse, with its text', () => {
    expect(checkResponse(listPayments, { status: 200, headers: json, body: '<html>' }, validator)).toEqual([
      expect.objectContaining({ kind: 'body', message: expect.stringMatching(/not valid JSON/), value: '<html>' }),
    ]);
  });

  it('names the absolute schema location and the value of each body error', () => {
    const body = JSON.stringify({ totalResults: 0, offset: 0, limit: 251, results: [] });
    expect(checkResponse(listPayments, { status: 200, headers: json, body }, validator)).toEqual([
      { kind: 'body', location: '/limit', message: 'must be <= 250', schemaPath: '#/components/schemas/Pagination/properties/limit/maximum', value: 251 },
    ]);
  });
});

// Branches the real description never reaches, on a fixture description.
describe('checks on a fixture description', () => {
  const fixtureValidator = createSchemaValidator(FIXTURE_DESCRIPTION);
  const things = findOperation(FIXTURE_DESCRIPTION, 'GET', '/things');
  const anything = findOperation(FIXTURE_DESCRIPTION, 'GET', '/anything');
  const thingsJson = { 'content-type': 'application/vnd.things+json' };
  const respond = (operation, status, headers, body = '') =>
    checkResponse(operation, { status, headers, body }, fixtureValidator).map(({ kind, location, message, value }) => ({ kind, location, message, value }));
  const ask = (query, headers) => checkRequest(things, { query, headers }, fixtureValidator).map((violation) => `${violation.location}: ${violation.message}`);
  const BASIC_HEADERS = { Authorization: BASIC, 'X-Request-Id': 'request-1' };

  it('reports a required response header that is missing, and nothing else', () => {
    expect(respond(things, 200, thingsJson, '[{"id":"1"}]')).toEqual([
      { kind: 'header', location: 'X-Rate-Limit-Remaining', message: 'is required but missing', value: undefined },
    ]);
  });

  it('reads a header as text the way a client does: an integer header is a number when written plainly', () => {
    expect(respond(things, 200, { ...thingsJson, 'x-rate-limit-remaining': '12' }, '[]')).toEqual([]);
    expect(respond(things, 200, { ...thingsJson, 'X-Rate-Limit-Remaining': '-1' }, '[]')).toEqual([
      { kind: 'header', location: 'X-Rate-Limit-Remaining', message: 'must be >= 0', value: -1 },
    ]);
    expect(respond(things, 200, { ...thingsJson, 'X-Rate-Limit-Remaining': '1e2' }, '[]')).toEqual([
      { kind: 'header', location: 'X-Rate-Limit-Remaining', message: 'must be integer', value: '1e2' },
    ]);
  });

  it('checks an optional header only when it is sent, and an array header item by item (simple style, comma-separated)', () => {
    const ok = { ...thingsJson, 'X-Rate-Limit-Remaining': '3' };
    expect(respond(things, 200, { ...ok, 'X-Trace': 'x-1' }, '[]')).toEqual([
      { kind: 'header', location: 'X-Trace', message: 'must match pattern "^t-"', value: 'x-1' },
    ]);
    expect(respond(things, 200, { ...ok, 'X-Page-Sizes': '10, 20' }, '[]')).toEqual([]);
    expect(respond(things, 200, { ...ok, 'X-Page-Sizes': '10,abc' }, '[]')).toEqual([
      { kind: 'header', location: 'X-Page-Sizes/1', message: 'must be integer', value: 'abc' },
    ]);
  });

  it('reads a +json media type as JSON, and a response documented without content ignores its body', () => {
    expect(respond(things, 200, { ...thingsJson, 'X-Rate-Limit-Remaining': '3' }, '[{}]')).toEqual([
      { kind: 'body', location: '/0', message: 'must have required property "id"', value: {} },
    ]);
    expect(respond(things, 204, { 'content-type': 'text/html' }, '<html>')).toEqual([]);
  });

  it('matches a status to its range (4XX) and otherwise to default, and a media type to its range (text/*)', () => {
    expect(respond(things, 404, { 'content-type': 'application/problem+json' }, '{}')).toEqual([
      { kind: 'body', location: '(root)', message: 'must have required property "title"', value: {} },
    ]);
    expect(respond(things, 503, { 'content-type': 'text/plain; charset=utf-8' }, 'too long')).toEqual([
      { kind: 'body', location: '(root)', message: 'must NOT have more than 5 characters', value: 'too long' },
    ]);
    expect(respond(things, 503, { 'content-type': 'application/json' }, '{}')).toEqual([
      { kind: 'header', location: 'Content-Type', message: 'is not documented for default (documented: text/*)', value: 'application/json' },
    ]);
  });

  it('accepts any media type and any body where */* is documented without a schema, but still wants a Content-Type', () => {
    expect(respond(anything, 200, { 'content-type': 'image/png' }, '\u0089PNG')).toEqual([]);
    expect(respond(anything, 200, {}, 'x')).toEqual([
      { kind: 'header', location: 'Content-Type', message: 'is missing for 200 (documented: */*)', value: undefined },
    ]);
  });

  it("requires a required query parameter and a required header parameter, the operation's declaration winning over the path's", () => {
    expect(ask([], { Authorization: BASIC })).toEqual(['query/kind: is required but missing', 'header/X-Request-Id: is required but missing']);
    expect(ask([['kind', 'c']], { ...BASIC_HEADERS, 'X-Request-Id': 'short' })).toEqual([
      'query/kind: must be equal to one of the allowed values',
      'header/X-Request-Id: must NOT have fewer than 8 characters',
    ]);
    expect(ask([['kind', 'a']], BASIC_HEADERS)).toEqual([]);
  });

  it('refuses Basic credentials whose base64 is not canonical (unpadded)', () => {
    const unpadded = `Basic ${Buffer.from('32:abcdefgh').toString('base64').replace(/=+$/, '')}`;
    expect(unpadded).not.toBe(BASIC);
    expect(ask([['kind', 'a']], { ...BASIC_HEADERS, Authorization: unpadded })).toEqual([
      'header/Authorization: is not `Basic base64(<merchant_id>:<secret_key>)`',
    ]);
  });
});
