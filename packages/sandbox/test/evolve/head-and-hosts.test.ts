// Evolution is the engine's, so every host serves it: the in-process fetch evolves what node:http
// evolves (the equivalence set's evolution group compares them request by request), and a HEAD
// answers the Content-Length of the evolved GET, which it does not send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_FIELD } from '../../src/engine/evolve.js';
import { createSandbox, startSandbox, type InProcessSandbox, type Sandbox } from '../../src/index.js';
import { BASIC } from '../helpers/sandbox.js';

let node: Sandbox;
let inProcess: InProcessSandbox;
beforeAll(async () => {
  [node, inProcess] = await Promise.all([startSandbox({ payments: 20, evolve: true }), createSandbox({ payments: 20, evolve: true })]);
});
afterAll(() => Promise.all([node.close(), inProcess.close()]));

const headers = { Authorization: BASIC, Accept: 'application/json' };

describe.each([
  ['node:http', () => (path: string, init: RequestInit) => fetch(`${node.url}${path}`, init)],
  ['in process', () => (path: string, init: RequestInit) => inProcess.fetch(`https://global-api-sandbox.afterpay.com${path}`, init)],
] as const)('evolution on the %s host', (_, sender) => {
  it('a HEAD answers the Content-Length of the evolved GET', async () => {
    const send = sender();
    for (const path of ['/v2/payments?limit=3', '/v2/configuration', '/v2/payment']) {
      const got = await send(path, { headers });
      const body = new Uint8Array(await got.arrayBuffer());
      expect(new TextDecoder().decode(body)).toContain(UNKNOWN_FIELD);
      const head = await send(path, { method: 'HEAD', headers });
      expect([head.status, head.headers.get('content-length')], path).toEqual([got.status, String(body.length)]);
    }
  });
});
