// Section 5 of the API document: Basic auth with <merchantId>:<secretKey>, 401 with the Error body
// when it is missing, malformed or wrong; Ping needs none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFor, type Call } from '../helpers/sandbox.js';

let call: Call;
let stop: () => Promise<void>;
beforeAll(async () => ({ call, stop } = await sandboxFor({ payments: 30 })));
afterAll(() => stop());

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

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

  it('other credentials work when the sandbox is started with them, and the defaults then fail', async () => {
    const other = await sandboxFor({ payments: 1, merchantId: '60032000', secretKey: 's3cr3t:with-colon' });
    try {
      expect((await other.call('/v2/configuration', { headers: { Authorization: basic('60032000:s3cr3t:with-colon') } })).status).toBe(200);
      expect((await other.call('/v2/configuration')).status).toBe(401);
    } finally {
      await other.stop();
    }
  });

  it('Ping needs no credentials, and ignores wrong ones', async () => {
    const ping = await call('/ping', { auth: false, headers: { Accept: 'text/plain' } });
    expect([ping.status, ping.body, ping.headers.get('content-type')]).toEqual([200, 'pong', 'text/plain']);
    expect((await call('/ping', { headers: { Accept: 'text/plain', Authorization: 'Bearer x' } })).status).toBe(200);
  });
});
