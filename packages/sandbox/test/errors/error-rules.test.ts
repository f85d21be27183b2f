// The document's error rules: 422 for an invalid value, naming the parameter and the rule; 500 for a
// malformed date or an array sent comma-separated or with brackets; every error in the Error body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReply } from '../../src/engine/answer.js';
import { SandboxHttpError } from '../../src/engine/errors.js';
import { createSandbox } from '../../src/index.js';
import { BASIC, sandboxFor, type Call } from '../helpers/sandbox.js';

let call: Call;
let stop: () => Promise<void>;
beforeAll(async () => ({ call, stop } = await sandboxFor({ payments: 50 })));
afterAll(() => stop());

const ERROR_BODY = {
  errorCode: expect.any(String),
  errorId: expect.stringMatching(/^[0-9a-f]{16}$/),
  message: expect.any(String),
  httpStatusCode: expect.any(Number),
};

describe('422: an invalid value names the parameter and the rule', () => {
  it.each([
    ['limit=0', 'limit: must be an integer from 1 to 250'],
    ['limit=251', 'limit: must be an integer from 1 to 250'],
    ['limit=abc', 'limit: must be an integer from 1 to 250'],
    ['limit=2.5', 'limit: must be an integer from 1 to 250'],
    ['limit=', 'limit: must be an integer from 1 to 250'],
    ['offset=-1', 'offset: must be an integer of 0 or more'],
    ['offset=x', 'offset: must be an integer of 0 or more'],
    ['orderBy=amount', 'orderBy: must be one of createdAt, id, totalAmount, merchantReference, email'],
    ['orderBy=CREATEDAT', 'orderBy: must be one of createdAt, id, totalAmount, merchantReference, email'],
    ['ascending=yes', 'ascending: must be true or false'],
    ['ascending=1', 'ascending: must be true or false'],
    ['limit=10&limit=20', 'limit: must be given once'],
    ['ids=', 'ids: values must not be empty'],
  ])('%s -> 422 "%s"', async (raw, message) => {
    const { status, json } = await call(`/v2/payments?${raw}`);
    expect(status).toBe(422);
    expect(json).toEqual({ ...ERROR_BODY, errorCode: 'error', message, httpStatusCode: 422 });
  });

  it('the boundaries are valid: limit 1 and 250, offset 0, ascending true and false', async () => {
    for (const raw of ['limit=1', 'limit=250', 'offset=0', 'ascending=true', 'ascending=false']) {
      expect((await call(`/v2/payments?${raw}`)).status, raw).toBe(200);
    }
  });
});

describe('500: malformed dates and array syntax, as the service answers them', () => {
  it.each([
    ['an unencoded + (arrives as a space)', 'fromCreatedDate=2024-03-01T09:00:00.000+11:00', 'fromCreatedDate'],
    ['a missing dash', 'fromCreatedDate=20240301T09:00:00.000Z', 'fromCreatedDate'],
    ['a missing colon', 'toCreatedDate=2024-03-01T0900:00.000Z', 'toCreatedDate'],
    ['a date without a time', 'fromCreatedDate=2020-01-01', 'fromCreatedDate'],
    ['no UTC offset', 'toCreatedDate=2024-03-01T09:00:00.000', 'toCreatedDate'],
    ['a month 13', 'fromCreatedDate=2024-13-01T00:00:00.000Z', 'fromCreatedDate'],
    ['comma-separated statuses', 'statuses=APPROVED,DECLINED', 'statuses'],
    ['an encoded comma inside one value', `merchantReferences=${encodeURIComponent('order 1,2&3')}`, 'merchantReferences'],
    ['a comma in ids', 'ids=1&ids=2,3', 'ids'],
    ['a comma in tokens', 'tokens=a%2Cb', 'tokens'],
    ['brackets', 'statuses[]=APPROVED', 'statuses[]'],
    ['indexed brackets', 'ids[0]=1', 'ids[0]'],
  ])('%s -> 500 with the Error body', async (_, raw, parameter) => {
    const { status, json } = await call(`/v2/payments?${raw}`);
    expect(status).toBe(500);
    expect(json).toEqual({ ...ERROR_BODY, errorCode: 'error', httpStatusCode: 500 });
    expect(json.message).toContain(parameter);
  });

  it('says why: the array rule broken, or the date rule with how to send a + when one arrived as a space', async () => {
    const messages = {
      'statuses[]=APPROVED': 'statuses[]: array parameters are sent by repeating the name, never with brackets',
      'statuses=APPROVED,DECLINED': 'statuses: a comma is read as a separator; repeat the parameter once per value',
      'fromCreatedDate=2024-03-01T09:00:00.000+11:00':
        'fromCreatedDate is not a date-time like 2019-01-01T09:00:00.000+11:00 (a + in the offset must be sent as %2B; unencoded, it arrives as a space)',
      'fromCreatedDate=20240301T09:00:00.000Z': 'fromCreatedDate is not a date-time like 2019-01-01T09:00:00.000+11:00',
    };
    for (const [raw, why] of Object.entries(messages)) {
      expect((await call(`/v2/payments?${raw}`)).json.message, raw).toBe(`An unexpected error occurred. (sandbox: ${why})`);
    }
  });

  it('a date without fractional seconds is accepted (the official SDK sends gmdate("c"))', async () => {
    const { status, json } = await call(`/v2/payments?fromCreatedDate=${encodeURIComponent('2024-03-01T00:00:00+10:00')}`);
    expect(status).toBe(200);
    expect(json.totalResults).toBeGreaterThan(0);
  });

  it('a + sent as %2B and a - offset are read as offsets', async () => {
    for (const date of ['2024-01-01T00:00:00.000%2B11:00', '2024-01-01T00:00:00.000-05:00', '2024-01-01T00:00:00.000Z']) {
      expect((await call(`/v2/payments?fromCreatedDate=${date}`)).status, date).toBe(200);
    }
  });

  it('a malformed date wins over an invalid limit (dates are read first)', async () => {
    expect((await call('/v2/payments?limit=0&fromCreatedDate=2020-01-01')).status).toBe(500);
  });
});

describe('every error is the Error body', () => {
  it('404 for a path the API does not have', async () => {
    const { status, json } = await call('/v2/payment');
    expect([status, json]).toEqual([404, { ...ERROR_BODY, errorCode: 'not_found', httpStatusCode: 404 }]);
    expect(json.message).toBe('No operation at /v2/payment. The sandbox serves GET /ping, /v2/configuration and /v2/payments.');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('405 for %s, with Allow', async (method) => {
    for (const path of ['/v2/payments', '/v2/configuration', '/ping']) {
      const { status, json, headers } = await call(path, { method });
      expect([status, json]).toEqual([405, { ...ERROR_BODY, errorCode: 'method_not_allowed', httpStatusCode: 405 }]);
      expect(json.message).toBe(`Request method '${method}' not supported.`);
      expect(headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('HEAD answers like GET without a body, and OPTIONS lists the methods', async () => {
    const head = await call('/v2/payments', { method: 'HEAD' });
    expect([head.status, head.body, head.headers.get('content-type')]).toEqual([200, '', 'application/json']);
    const options = await call('/v2/payments', { method: 'OPTIONS' });
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'GET, HEAD, OPTIONS']);
  });

  it('406 and 401 use it too (see headers/ and auth/)', async () => {
    expect((await call('/v2/payments', { headers: { Accept: 'text/html' } })).json).toEqual({ ...ERROR_BODY, errorCode: 'error', httpStatusCode: 406 });
    expect((await call('/v2/payments', { auth: false })).json).toEqual({ ...ERROR_BODY, errorCode: 'unauthorized', httpStatusCode: 401 });
  });

  it('each occurrence has its own errorId', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await call('/v2/payments?limit=0')).json.errorId);
    expect(ids.size).toBe(5);
  });
});

describe('anything but a SandboxHttpError', () => {
  const read = (body: Uint8Array) => JSON.parse(new TextDecoder().decode(body));

  it("is the service's generic 500, saying nothing of what failed", () => {
    for (const unexpected of [new TypeError('cannot read secret-key-1 of undefined'), 'secret-key-1', undefined]) {
      const answer = errorReply(unexpected);
      expect([answer.status, answer.headers['Content-Type']]).toEqual([500, 'application/json']);
      expect(read(answer.body)).toEqual({ ...ERROR_BODY, errorCode: 'error', message: 'An unexpected error occurred.', httpStatusCode: 500 });
      expect(new TextDecoder().decode(answer.body)).not.toContain('secret');
    }
  });

  it('while a SandboxHttpError keeps its status, code, message and headers', () => {
    const answer = errorReply(new SandboxHttpError(429, 'too_many_requests', 'Slow down.', { 'Retry-After': '1' }));
    expect([answer.status, answer.headers['Retry-After']]).toEqual([429, '1']);
    expect(read(answer.body)).toEqual({ ...ERROR_BODY, errorCode: 'too_many_requests', message: 'Slow down.', httpStatusCode: 429 });
    expect(answer.headers['Content-Length']).toBe(String(answer.body.length));
  });
});

// In process, where a web Request carries what node:http's parser refuses before the engine sees it:
// the engine refuses the same, with the same bodies (equivalence/ holds the hosts to each other).
describe("what node:http's parser refuses, refused by the engine on every host", () => {
  const send = async (target: string, method = 'GET') => {
    const sandbox = await createSandbox({ payments: 1 });
    try {
      const response = await sandbox.fetch(`https://sandbox.test${target}`, { method, headers: { Authorization: BASIC, Accept: 'application/json' } });
      return { status: response.status, json: await response.json() };
    } finally {
      await sandbox.close();
    }
  };
  /** A List Payments target of exactly `bytes` bytes, path and query. */
  const target = (bytes: number) => {
    const start = '/v2/payments?merchantReferences=';
    return `${start}${'r'.repeat(bytes - start.length)}`;
  };

  it('400 for a method not in upper case', async () => {
    expect(await send('/v2/payments', 'patch')).toEqual({
      status: 400,
      json: {
        ...ERROR_BODY,
        errorCode: 'bad_request',
        message: 'The request method is not understood: methods are case-sensitive and sent in upper case (RFC 9110, section 9.1).',
        httpStatusCode: 400,
      },
    });
  });

  it('431 for a target over 8 KiB, and not for one of 8 KiB exactly', async () => {
    expect((await send(target(8 * 1024))).status).toBe(200);
    expect(await send(target(8 * 1024 + 1))).toEqual({
      status: 431,
      json: {
        ...ERROR_BODY,
        errorCode: 'request_header_fields_too_large',
        message: 'The request target must be at most 8192 bytes, and the request line with its header lines at most 16384 bytes.',
        httpStatusCode: 431,
      },
    });
  });
});
