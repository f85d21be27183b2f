// Calls from web pages on other origins (CORS), on the node:http host, as a browser makes them: the
// preflight (OPTIONS with Origin and Access-Control-Request-*, no credentials), then the request with
// Authorization. Loopback origins (the docs `pnpm start` serves) and the hosted docs are allowed, more
// with corsOrigins; other sites get no CORS headers. Chromium itself runs the whole exchange at the end.
import { launchChromium } from '@merchant-ordering/test-kit/chromium';
import { serveStatic } from '@merchant-ordering/test-kit/static-server';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTED_DOCS_ORIGIN, SandboxOptionError, startSandbox, type Sandbox } from '../../src/index.js';
import { BASIC, sendRaw } from '../helpers/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ payments: 5, corsOrigins: ['https://docs.example.com'] });
});
afterAll(() => sandbox.close());

const preflight = (origin: string, extra: Array<[string, string]> = []) =>
  sendRaw(sandbox.url, {
    method: 'OPTIONS',
    target: '/v2/payments?limit=2',
    headers: [['Origin', origin], ['Access-Control-Request-Method', 'GET'], ['Access-Control-Request-Headers', 'authorization,sandbox-fault'], ...extra],
  });
const corsOf = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary'));

describe('allowed origins', () => {
  it.each([
    'http://127.0.0.1:8080',
    'http://localhost:5173',
    'https://localhost',
    'http://[::1]:8080',
    'http://127.0.0.2:4010',
    HOSTED_DOCS_ORIGIN,
    'https://docs.example.com',
  ])('%s: the preflight allows GET with Authorization, and the answer may be read', async (origin) => {
    const answer = await preflight(origin);
    expect(answer.status).toBe(204);
    expect(corsOf(answer.headers)).toEqual({
      vary: 'Origin',
      'access-control-allow-origin': origin,
      'access-control-expose-headers': 'Retry-After, Allow',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-headers': 'authorization,sandbox-fault',
      'access-control-max-age': '600',
    });
    const read = await sendRaw(sandbox.url, {
      method: 'GET',
      target: '/v2/payments?limit=2',
      headers: [
        ['Origin', origin],
        ['Authorization', BASIC],
      ],
    });
    expect([read.status, read.headers.get('access-control-allow-origin'), read.headers.get('access-control-expose-headers')]).toEqual([
      200,
      origin,
      'Retry-After, Allow',
    ]);
  });

  it('errors may be read too: a 401, and a 429 with its Retry-After exposed', async () => {
    const origin = 'http://127.0.0.1:8080';
    const refused = await sendRaw(sandbox.url, { method: 'GET', target: '/v2/payments', headers: [['Origin', origin]] });
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([401, origin]);
    const limited = await sendRaw(sandbox.url, {
      method: 'GET',
      target: '/v2/payments',
      headers: [
        ['Origin', origin],
        ['Authorization', BASIC],
        ['Sandbox-Fault', '429'],
      ],
    });
    expect([limited.status, limited.headers.get('access-control-allow-origin'), limited.headers.get('retry-after')]).toEqual([429, origin, '1']);
  });

  it("answers Chromium's Private Network Access preflight", async () => {
    const answer = await preflight(HOSTED_DOCS_ORIGIN, [['Access-Control-Request-Private-Network', 'true']]);
    expect(answer.headers.get('access-control-allow-private-network')).toBe('true');
    expect((await preflight(HOSTED_DOCS_ORIGIN)).headers.get('access-control-allow-private-network')).toBeNull();
  });
});

describe('what is a preflight', () => {
  const readable = { vary: 'Origin', 'access-control-allow-origin': HOSTED_DOCS_ORIGIN, 'access-control-expose-headers': 'Retry-After, Allow' };
  /** A request from the hosted docs with these headers besides Origin. */
  const fromDocs = (method: string, headers: Array<[string, string]>) =>
    sendRaw(sandbox.url, { method, target: '/v2/payments?limit=1', headers: [['Origin', HOSTED_DOCS_ORIGIN], ...headers] });

  it('an OPTIONS without Access-Control-Request-Method is not one: its answer may be read, and it allows nothing more', async () => {
    const answer = await fromDocs('OPTIONS', [['Access-Control-Request-Headers', 'authorization']]);
    expect([answer.status, corsOf(answer.headers)]).toEqual([204, readable]);
  });

  it('nor is a GET that carries Access-Control-Request-Method', async () => {
    const answer = await fromDocs('GET', [
      ['Authorization', BASIC],
      ['Access-Control-Request-Method', 'GET'],
    ]);
    expect([answer.status, corsOf(answer.headers)]).toEqual([200, readable]);
  });

  it('allows the headers asked for as a list of header names (spaces after the commas too), and none when they are not one', async () => {
    const allowed = async (asked: string) =>
      (
        await fromDocs('OPTIONS', [
          ['Access-Control-Request-Method', 'GET'],
          ['Access-Control-Request-Headers', asked],
        ])
      ).headers.get('access-control-allow-headers');
    expect(await allowed('authorization, sandbox-fault')).toBe('authorization, sandbox-fault');
    for (const asked of ['authorization,', 'x y', 'authorization, "quoted"', 'authorization;sandbox-fault']) expect(await allowed(asked), asked).toBeNull();
  });
});

describe('other origins', () => {
  it.each([
    'https://evil.example',
    'http://127.0.0.1.evil.example',
    'https://merchant-ordering.github.io.evil.example',
    'null',
    'http://localhost.evil.example:8080',
  ])('%s: no CORS headers, so the browser keeps the page from reading the answer', async (origin) => {
    expect(corsOf((await preflight(origin)).headers)).toEqual({ vary: 'Origin' });
    const read = await sendRaw(sandbox.url, {
      method: 'GET',
      target: '/v2/payments',
      headers: [
        ['Origin', origin],
        ['Authorization', BASIC],
      ],
    });
    expect([read.status, corsOf(read.headers)]).toEqual([200, { vary: 'Origin' }]);
  });

  it('every origin with corsOrigins: ["*"], still named one by one; not with other entries', async () => {
    // Both sandboxes are built here, not in beforeAll: mutation testing tries the origin rule only on
    // the tests that build it (tools/mutation/README.md).
    const open = await startSandbox({ payments: 1, corsOrigins: ['*'] });
    const listed = await startSandbox({ payments: 1, corsOrigins: ['https://docs.example.com'] });
    try {
      const allowOrigin = async (of: Sandbox) =>
        (await sendRaw(of.url, { method: 'GET', target: '/ping', headers: [['Origin', 'https://evil.example']] })).headers.get('access-control-allow-origin');
      expect(await allowOrigin(open)).toBe('https://evil.example');
      expect(await allowOrigin(listed)).toBe(null);
    } finally {
      await Promise.all([open.close(), listed.close()]);
    }
  });

  it('a corsOrigins entry that is not an origin is refused, naming the option', async () => {
    for (const bad of ['https://docs.example.com/', 'docs.example.com', 'https://docs.example.com/path']) {
      await expect(startSandbox({ corsOrigins: [bad] })).rejects.toThrow(
        new SandboxOptionError(`corsOrigins: "${bad}" is not an origin such as https://docs.example.com (scheme, host and port only), or *`),
      );
    }
  });
});

describe('in Chromium', () => {
  it('a page on a loopback origin calls the sandbox on another port with Authorization and reads the answer; a page on an opaque origin cannot', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sandbox-cors-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>docs</title>');
    const site = await serveStatic({ root });
    const browser = await launchChromium();
    try {
      const call = (page: Page) =>
        page.evaluate(
          async ([target, authorization]) => {
            try {
              const response = await fetch(target!, { headers: { Authorization: authorization!, Accept: 'application/json' } });
              return { status: response.status, limit: (await response.json()).limit };
            } catch (error) {
              return { error: (error as Error).name };
            }
          },
          [`${sandbox.url}/v2/payments?limit=2`, BASIC],
        );
      const docs = await browser.newPage();
      await docs.goto(site.url);
      expect(await call(docs)).toEqual({ status: 200, limit: 2 });
      // about:blank has an opaque origin ("null"), which no rule allows: the browser refuses the read.
      expect(await call(await browser.newPage())).toEqual({ error: 'TypeError' });
    } finally {
      await browser.close();
      await site.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
