// The request and response checks behind the verifier, one rule at a time.
import { describe, expect, it } from 'vitest';
import { checkRequest } from '../../lib/request-check.js';
import { checkResponse } from '../../lib/response-check.js';
// The workspace's shared test helpers (relative: a package dependency on the tools would be circular).
import { operationById, validator } from '../../../../tools/test/helpers/spec.mjs';

const listPayments = operationById('listPayments');
const ping = operationById('ping');
const BASIC = `Basic ${Buffer.from('32:abcdefgh').toString('base64')}`;
const headers = { 'User-Agent': 'test/1.0', Authorization: BASIC };

const requestProblems = (query, extraHeaders = headers) =>
  checkRequest(listPayments, { query, headers: extraHeaders }, validator).map((violation) => `${violation.location}: ${violation.message}`);

describe('request check', () => {
  it('accepts a query that uses every parameter correctly', () => {
    expect(requestProblems([
      ['fromCreatedDate', '2019-01-01T09:00:00.000+11:00'], ['limit', '250'], ['offset', '0'], ['ids', 'a'], ['ids', 'b'],
      ['statuses', 'APPROVED'], ['orderBy', 'email'], ['ascending', 'false'],
    ])).toEqual([]);
  });

  it('reads integers only when written plainly, so limit=1e2 is not a number', () => {
    expect(requestProblems([['limit', '1e2']])).toEqual(['query/limit: must be integer']);
  });

  it('refuses a scalar parameter sent twice', () => {
    expect(requestProblems([['limit', '20'], ['limit', '30']])).toEqual(['query/limit: is sent 2 times but is not an array']);
  });

  it('points at the array item that breaks the rule', () => {
    expect(requestProblems([['ids', 'a'], ['ids', '']])).toEqual(['query/ids/1: must NOT have fewer than 1 characters']);
  });

  it('reports a parameter the operation does not declare', () => {
    expect(requestProblems([['page', '2']])).toEqual(['query/page: is not a declared query parameter']);
  });

  it('requires Basic credentials of the form id:secret, and accepts a request without a User-Agent (declared optional)', () => {
    expect(requestProblems([], {})).toEqual(['header/Authorization: is required (HTTP Basic) but missing']);
    expect(requestProblems([], { 'user-agent': '' })).toEqual(['header/Authorization: is required (HTTP Basic) but missing']);
    expect(requestProblems([], { 'user-agent': 'x', authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` }))
      .toEqual(['header/Authorization: is not `Basic base64(<merchant_id>:<secret_key>)`']);
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
