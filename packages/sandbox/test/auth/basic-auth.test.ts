// Section 5 of the API document: Basic auth with <merchantId>:<secretKey>, 401 with the Error body
// when it is missing, malformed or wrong; Ping needs none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { BASIC, sandboxFor, sendRaw, type Call } from '../helpers/sandbox.js';

let sandbox: Sandbox;
let call: Call;
let stop: () => Promise<void>;
beforeAll(async () => ({ sandbox, call, stop } = await sandboxFor({ payments: 30 })));
afterAll(() => stop());

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
// Credentials whose base64 has both + and /, so that its base64url form is another text.
const SYMBOLS = basic('32:~~~>>>???');
const SYMBOLS_URL_SAFE = SYMBOLS.replace(/\+/g, '-').replace(/\//g, '_');

describe('authentication', () => {
  it('the configured credentials pass on configuration and payments', async () => {
    expect((await call('/v2/configuration')).status).toBe(200);
    expect((await call('/v2/payments')).status).toBe(200);
  });

  it.each([
    ['no Authorization header', undefined, 'Credentials are required'],
    ['a Bearer token', 'Bearer abcdefgh', 'must be `Basic'],
    ['Basic with something that is not base64', 'Basic !!!', 'must be `Basic'],
    ['two spaces after Basic', `Basic  ${Buffer.from('32:abcdefgh').toString('base64')}`, 'must be `Basic'],
    ['no space after Basic (the document says one)', `Basic${Buffer.from('32:abcdefgh').toString('base64')}`, 'must be `Basic'],
    ['a tab after Basic', `Basic\t${Buffer.from('32:abcdefgh').toString('base64')}`, 'must be `Basic'],
    ['Basic and nothing else', 'Basic', 'must be `Basic'],
    ['Basic, a space and nothing else', 'Basic ', 'must be `Basic'],
    ['the base64 without its padding', BASIC.replace(/=+$/, ''), 'must be `Basic'],
    ['the base64 with padding too many', `${BASIC}=`, 'must be `Basic'],
    ['the right base64 in the wrong case (base64 is case-sensitive)', `Basic ${BASIC.slice(6).toLowerCase()}`, 'not valid'],
    ['the wrong secret key', basic('32:wrong'), 'not valid'],
    ['the wrong merchant id', basic('33:abcdefgh'), 'not valid'],
    ['spaces around the colon', basic('32 : abcdefgh'), 'not valid'],
    ['the document\'s "wrong:wrong" that Prism accepted', basic('wrong:wrong'), 'not valid'],
  ])('%s gets 401 with the Error body, on both operations', async (_, header, message) => {
    for (const path of ['/v2/configuration', '/v2/payments']) {
      const { status, json } = await call(path, header === undefined ? { auth: false } : { headers: { Authorization: header } });
      expect(status).toBe(401);
      expect(json).toMatchObject({ errorCode: 'unauthorized', httpStatusCode: 401, errorId: expect.stringMatching(/^[0-9a-f]{16}$/) });
      expect(json.message).toContain(message);
      expect(json.message).not.toContain('abcdefgh');
    }
  });

  it('base64url is not base64: refused, for credentials whose two forms differ', async () => {
    expect(SYMBOLS_URL_SAFE).not.toBe(SYMBOLS);
    const other = await sandboxFor({ payments: 1, merchantId: '32', secretKey: '~~~>>>???' });
    try {
      expect((await other.call('/v2/configuration', { headers: { Authorization: SYMBOLS } })).status).toBe(200);
      const refused = await other.call('/v2/configuration', { headers: { Authorization: SYMBOLS_URL_SAFE } });
      expect([refused.status, refused.json.message]).toEqual([401, expect.stringContaining('must be `Basic')]);
    } finally {
      await other.stop();
    }
  });

  it('other credentials work when the sandbox is started with them, and the defaults then fail', async () => {
    const other = await sandboxFor({ payments: 1, merchantId: '60032000', secretKey: 's3cr3t:with-colon' });
    try {
      expect((await other.call('/v2/configuration', { headers: { Authorization: basic('60032000:s3cr3t:with-colon') } })).status).toBe(200);
      expect((await other.call('/v2/configuration')).status).toBe(401);
    } finally {
      await other.stop();
    }
  });

  it.each(['basic', 'BASIC', 'bAsIc'])('the scheme name is case-insensitive (RFC 7617, which the document cites): %s', async (scheme) => {
    expect((await call('/v2/payments', { headers: { Authorization: BASIC.replace('Basic', scheme) } })).status).toBe(200);
  });

  it('Ping needs no credentials, and ignores wrong ones', async () => {
    const ping = await call('/ping', { auth: false, headers: { Accept: 'text/plain' } });
    expect([ping.status, ping.body, ping.headers.get('content-type')]).toEqual([200, 'pong', 'text/plain']);
    expect((await call('/ping', { headers: { Accept: 'text/plain', Authorization: 'Bearer x' } })).status).toBe(200);
  });
});

describe('a repeated Authorization header is refused, whatever its lines say', () => {
  const wrong = basic('32:wrong');
  it.each([
    ['the right one, then a wrong one', [BASIC, wrong]],
    ['a wrong one, then the right one', [wrong, BASIC]],
    ['the right one twice', [BASIC, BASIC]],
    ['the right one, then an empty line', [BASIC, '']],
  ])('%s: 401', async (_, values) => {
    for (const target of ['/v2/payments', '/v2/configuration']) {
      const headers = [['Accept', 'application/json'] as const, ...values.map((value) => ['Authorization', value] as const)];
      const { status, json } = await sendRaw(sandbox.url, { method: 'GET', target, headers });
      expect([status, json.errorCode]).toEqual([401, 'unauthorized']);
      expect(json.message).toContain('sent once');
    }
  });

  it('Ping, which needs none, still answers', async () => {
    const { status, body } = await sendRaw(sandbox.url, {
      method: 'GET',
      target: '/ping',
      headers: [
        ['Authorization', BASIC],
        ['Authorization', wrong],
      ],
    });
    expect([status, body]).toEqual([200, 'pong']);
  });
});
