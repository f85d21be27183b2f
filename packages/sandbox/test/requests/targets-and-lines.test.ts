// What node:http hands over as it was sent, read as HTTP means it: the request target in origin or
// absolute form (RFC 9112, section 3.2), and header lines that repeat. A repeated Authorization is in
// auth/, a repeated Sandbox-Fault in faults/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { BASIC, sandboxFor, sendRaw } from '../helpers/sandbox.js';

let sandbox: Sandbox;
let stop: () => Promise<void>;
beforeAll(async () => ({ sandbox, stop } = await sandboxFor({ payments: 5 })));
afterAll(() => stop());

const get = (
  target: string,
  headers: Array<[string, string]> = [
    ['Authorization', BASIC],
    ['Accept', 'application/json'],
  ],
  method = 'GET',
) => sendRaw(sandbox.url, { method, target, headers });

describe('the absolute form (GET http://host:port/v2/payments), which servers must accept', () => {
  it('is served like the origin form', async () => {
    const { status, json } = await get(`${sandbox.url}/v2/payments?limit=2`);
    expect([status, json.limit, json.results.length]).toEqual([200, 2, 2]);
    const ping = await get(`${sandbox.url}/ping`, []);
    expect([ping.status, ping.body]).toEqual([200, 'pong']);
  });

  it('is served whatever its authority and scheme case, by path, as every host of the sandbox answers', async () => {
    for (const target of ['http://api.example.test/v2/payments', 'HTTP://127.0.0.1/v2/payments', 'https://global-api-sandbox.afterpay.com/v2/payments']) {
      expect((await get(target)).status, target).toBe(200);
    }
  });

  it('keeps the rules: an unknown path is 404, and credentials are still needed', async () => {
    expect((await get(`${sandbox.url}/v2/payment`)).status).toBe(404);
    expect((await get(`${sandbox.url}/v2/payments`, [['Accept', 'application/json']])).status).toBe(401);
  });

  it.each([
    ['user information, which disguises the authority (RFC 9110, section 4.2.4)', 'http://user:secret@127.0.0.1/v2/payments'],
    ['a scheme other than http and https', 'ftp://127.0.0.1/v2/payments'],
    ['the asterisk form, which only OPTIONS may use', '*'],
  ])('refuses %s with 400', async (_, target) => {
    const { status, json } = await get(target);
    expect([status, json.errorCode]).toEqual([400, 'bad_request']);
  });
});

describe('the origin form', () => {
  it('is always a path: //host/v2/payments names the path //host/v2/payments, never another host', async () => {
    for (const target of [`//${new URL(sandbox.url).host}/v2/payments`, '//v2/payments', '//evil.example/v2/payments']) {
      expect((await get(target)).status, target).toBe(404);
    }
  });

  it('keeps encoded slashes as part of a segment', async () => {
    for (const target of ['/v2%2Fpayments', '/v2%2fpayments', '/v2/payments%2F']) expect((await get(target)).status, target).toBe(404);
  });
});

describe('repeated header lines', () => {
  it('two Host lines are refused with 400 (RFC 9112, section 3.2)', async () => {
    const { host } = new URL(sandbox.url);
    const { status, json } = await get('/v2/payments', [
      ['Host', host],
      ['Host', 'other.example'],
      ['Authorization', BASIC],
    ]);
    expect([status, json.errorCode]).toEqual([400, 'bad_request']);
  });

  it('Accept on two lines is one list, as HTTP reads a list header: text/html and application/json gets JSON', async () => {
    const { status, headers } = await get('/v2/payments', [
      ['Authorization', BASIC],
      ['Accept', 'text/html'],
      ['Accept', 'application/json'],
    ]);
    expect([status, headers.get('content-type')]).toEqual([200, 'application/json']);
    expect(
      (
        await get('/v2/payments', [
          ['Authorization', BASIC],
          ['Accept', 'text/html'],
          ['Accept', 'text/plain'],
        ])
      ).status,
    ).toBe(406);
  });
});
