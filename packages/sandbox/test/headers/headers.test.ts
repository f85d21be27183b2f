// Accept decides the representation (JSON, or text/plain for Ping; anything else is 406). A missing
// User-Agent is accepted: the document says requests carry one, never that the service refuses a
// request without it (the team's decision, written in the README).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { BASIC, caller, sandboxFor, sendRaw, type Call } from '../helpers/sandbox.js';

let sandbox: Sandbox;
let call: Call;
let stop: () => Promise<void>;
beforeAll(async () => ({ sandbox, call, stop } = await sandboxFor({ payments: 10 })));
afterAll(() => stop());

describe('Accept', () => {
  // application/json;seq=0: a parameter that only ends in q=0 is no weight of 0.
  it.each(['application/json', '*/*', 'application/*', 'text/html, application/json;q=0.9', 'APPLICATION/JSON; charset=utf-8', 'application/json;seq=0'])(
    '"%s" gets JSON',
    async (accept) => {
      for (const path of ['/v2/payments', '/v2/configuration']) {
        const { status, headers } = await call(path, { headers: { Accept: accept } });
        expect([status, headers.get('content-type')]).toEqual([200, 'application/json']);
      }
    },
  );

  it('an empty Accept header is as none: JSON', async () => {
    const answer = await sendRaw(sandbox.url, {
      method: 'GET',
      target: '/v2/payments?limit=1',
      headers: [
        ['Authorization', BASIC],
        ['Accept', ''],
      ],
    });
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'application/json']);
  });

  it('no Accept header at all gets JSON', async () => {
    // fetch adds `Accept: */*` by itself, so this request goes out on node:http.
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      request(`${sandbox.url}/v2/payments`, { headers: { Authorization: BASIC } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
  });

  // A weight of 0, in any of its spellings, refuses the range it is on.
  it.each(['application/xml', 'text/plain', 'text/html', 'application/json;q=0', 'application/json; Q=0.000', 'text/html, application/*;q=0.'])(
    '"%s" gets 406 with the Error body, naming what the endpoint answers',
    async (accept) => {
      for (const path of ['/v2/payments', '/v2/configuration']) {
        const { status, json } = await call(path, { headers: { Accept: accept } });
        expect([status, json.errorCode, json.httpStatusCode]).toEqual([406, 'error', 406]);
        expect(json.message).toBe('Could not find acceptable representation: this endpoint answers application/json.');
      }
    },
  );

  it('Ping answers text/plain for text/plain, */* or none, and 406 otherwise (a 406 the description does not list for Ping yet)', async () => {
    for (const accept of ['text/plain', '*/*', 'text/*']) expect((await call('/ping', { headers: { Accept: accept } })).body).toBe('pong');
    const refused = await call('/ping', { headers: { Accept: 'application/json' }, specGap: true });
    expect([refused.status, refused.json.errorCode, refused.json.httpStatusCode]).toEqual([406, 'error', 406]);
    expect(refused.json.message).toBe('Could not find acceptable representation: this endpoint answers text/plain.');
  });
});

describe('User-Agent', () => {
  it('is optional: a request without one is answered normally', async () => {
    const { request } = await import('node:http');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      request(`${sandbox.url}/v2/payments?limit=1`, { headers: { Authorization: BASIC, Accept: 'application/json' } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: res.statusCode!, body }));
      })
        .on('error', reject)
        .end();
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).results).toHaveLength(1);
  });

  it('any value is accepted', async () => {
    expect((await caller(sandbox)('/v2/payments?limit=1', { headers: { 'User-Agent': 'x' } })).status).toBe(200);
  });
});
