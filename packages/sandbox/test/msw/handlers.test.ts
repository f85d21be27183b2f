// createHandlers in a real setupServer (msw/node): the API's production and sandbox hosts as the
// description lists them, a base URL with a path, a sandbox shared with the test, the socket faults
// as fetch shows them on node:http, what MSW 3 never hands to them, and options refused by name. The
// equivalence set through MSW is in test/equivalence/msw.test.ts.
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, SandboxOptionError } from '../../src/index.js';
import { API_BASE_URLS, createHandlers } from '../../src/msw.js';
import { fetchOutcome } from '../faults/fetch-outcome.js';
import { BASIC } from '../helpers/sandbox.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const auth = { headers: { Authorization: BASIC, Accept: 'application/json' } };

describe('the hosts answered', () => {
  it("are the description's servers, every regional host included", () => {
    const spec = createRequire(import.meta.url)('@merchant-ordering/spec/openapi.json') as {
      servers: Array<{ url: string; variables?: Record<string, { enum: string[] }> }>;
    };
    const described = spec.servers.flatMap(({ url, variables }) =>
      variables ? variables.regionalHost!.enum.map((host) => url.replace('{regionalHost}', host)) : [url],
    );
    expect([...API_BASE_URLS].sort()).toEqual(described.map((url) => `${url}/`).sort());
  });

  it('each of them answers List Payments, and any base URL given, by the path below it', async () => {
    server.use(...createHandlers({ payments: 7, baseUrl: ['http://localhost:3000/api', 'http://127.0.0.1:8787/'] }));
    for (const base of [...API_BASE_URLS, 'http://localhost:3000/api/', 'http://127.0.0.1:8787/']) {
      const response = await fetch(`${base}v2/payments`, auth);
      expect([base, response.status, (await response.json()).totalResults]).toEqual([base, 200, 7]);
    }
  });

  it('leaves other URLs alone: another path beside a base path, another host', async () => {
    server.use(...createHandlers({ payments: 1, baseUrl: 'http://localhost:3000/api' }));
    const unhandled: string[] = [];
    server.events.on('request:unhandled', ({ request }) => void unhandled.push(request.url));
    for (const url of ['http://localhost:3000/apix/v2/payments', 'http://localhost:3000/v2/payments', 'https://global-api.afterpay.com.example/v2/payments']) {
      await fetch(url).catch(() => {});
    }
    server.events.removeAllListeners();
    expect(unhandled).toEqual([
      'http://localhost:3000/apix/v2/payments',
      'http://localhost:3000/v2/payments',
      'https://global-api.afterpay.com.example/v2/payments',
    ]);
  });
});

describe('a sandbox shared with the test', () => {
  it('answers through MSW and through its own fetch from one dataset: an insert through one shows in the other', async () => {
    const sandbox = await createSandbox({ payments: 4 });
    server.use(...createHandlers({ sandbox }));
    await fetch('https://global-api.afterpay.com/v2/payments', { headers: { ...auth.headers, 'Sandbox-Fault': 'insert' } });
    expect(sandbox.payments()).toHaveLength(5);
    expect((await (await sandbox.fetch('http://x/v2/payments', auth)).json()).totalResults).toBe(5);
    await sandbox.close();
  });
});

describe('faults that need a socket, as fetch shows them on node:http', () => {
  it('reset is a network error; stall waits for the abort; slow-body streams in pieces', async () => {
    server.use(...createHandlers({ payments: 5 }));
    const base = 'https://global-api-sandbox.afterpay.com';
    expect(await fetchOutcome(fetch, `${base}/v2/payments`, 'reset')).toMatchObject({ outcome: 'rejected', error: 'TypeError' });
    expect(await fetchOutcome(fetch, `${base}/v2/payments`, 'stall', AbortSignal.timeout(300))).toMatchObject({ outcome: 'rejected', error: 'TimeoutError' });
    const slow = await fetchOutcome(fetch, `${base}/v2/payments?limit=5`, 'slow-body');
    expect(slow).toMatchObject({ outcome: 'answered', status: 200 });
    expect(slow.pieceTimes.length).toBeGreaterThan(5);
    expect(slow.pieceTimes.at(-1)! - slow.pieceTimes[0]!).toBeGreaterThan(500);
  });
});

describe('what MSW 3 hands to the handlers, and what it sends to the network past them', () => {
  // A plain socket server stands for the network: it records each request's head as it arrives.
  async function network() {
    const heads: string[] = [];
    const listener = createServer((socket) => {
      let head = '';
      socket.on('data', (chunk) => {
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        heads.push(head.slice(0, head.indexOf('\r\n\r\n')));
        socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n');
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/`;
    return { base, heads, close: () => new Promise<void>((resolve) => listener.close(() => resolve())) };
  }

  it("catches every standard method, in upper case or as fetch normalises it, and the methods Node's HTTP parser knows", async () => {
    const net = await network();
    server.use(
      ...createHandlers({ payments: 1, baseUrl: net.base }),
      http.all(
        () => true,
        () => new Response('catch-all'),
      ),
    );
    for (const method of ['GET', 'get', 'delete', 'options', 'PATCH', 'PROPFIND']) {
      const response = await fetch(`${net.base}v2/payments`, { method, ...auth });
      expect([method, response.status]).toEqual([method, method.toUpperCase() === 'GET' ? 200 : method === 'options' ? 204 : 405]);
    }
    expect(net.heads).toEqual([]);
    await net.close();
  });

  it("sends a method not in upper case (patch, Propfind) or one Node's parser does not know (FOO) to the network, Authorization and all, past a catch-all and onUnhandledRequest", async () => {
    const net = await network();
    const unhandled: string[] = [];
    server.events.on('request:unhandled', ({ request }) => void unhandled.push(request.method));
    server.use(
      ...createHandlers({ payments: 1, baseUrl: net.base }),
      http.all(
        () => true,
        () => new Response('catch-all'),
      ),
    );
    for (const method of ['patch', 'Propfind', 'FOO']) {
      const response = await fetch(`${net.base}v2/payments`, { method, ...auth });
      expect([method, response.status]).toEqual([method, 204]); // the network's answer
    }
    server.events.removeAllListeners();
    expect(net.heads.map((head) => head.split('\r\n')[0])).toEqual([
      'patch /v2/payments HTTP/1.1',
      'Propfind /v2/payments HTTP/1.1',
      'FOO /v2/payments HTTP/1.1',
    ]);
    expect(net.heads.every((head) => head.toLowerCase().includes(`authorization: ${BASIC.toLowerCase()}`))).toBe(true);
    expect(unhandled).toEqual([]);
    await net.close();
  });
});

describe('options', () => {
  it('are refused by name: a bad base URL, a sandbox with options besides, a bad sandbox option', async () => {
    expect(() => createHandlers({ baseUrl: 'localhost:3000' })).toThrow(
      new SandboxOptionError('baseUrl: "localhost:3000" is not an http(s) URL without a query, such as http://localhost:3000/api'),
    );
    expect(() => createHandlers({ baseUrl: ['http://localhost/api?x=1'] })).toThrow(/^baseUrl: /);
    const sandbox = await createSandbox();
    expect(() => createHandlers({ sandbox, payments: 3 })).toThrow(
      new SandboxOptionError('sandbox: give either a sandbox or the options to make one, not both'),
    );
    expect(() => createHandlers({ payments: -1 })).toThrow(/^payments: /);
  });
});
