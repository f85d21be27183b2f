// The static server that `pnpm start`, the browser test and the benchmarks use to serve dist/.
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic } from '@merchant-ordering/test-kit/static-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const outside = mkdtempSync(join(tmpdir(), 'static-server-'));
const root = join(outside, 'site');
let site: { url: string; port: number; close: () => Promise<void> };

beforeAll(async () => {
  mkdirSync(join(root, 'nested'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(root, 'nested', 'index.html'), 'nested home');
  writeFileSync(join(root, 'openapi.yaml'), 'openapi: 3.1.0\n');
  writeFileSync(join(root, 'openapi.json'), '{}');
  writeFileSync(join(root, 'logo.svg'), '<svg/>');
  writeFileSync(join(outside, 'secret.txt'), 'outside the site');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'link-out.txt'));
  site = await serveStatic({ root });
});
afterAll(async () => {
  await site?.close();
  rmSync(outside, { recursive: true, force: true });
});

/** A raw GET, so paths like /../ reach the server as written (fetch would normalise them). */
function get(path: string, method = 'GET', port = site.port): Promise<{ status: number; type: string; body: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: res.headers['content-type'] ?? '',
          body,
          ...(res.headers.location ? { location: res.headers.location } : {}),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveStatic', () => {
  it('listens on 127.0.0.1 and serves index.html for / and for folders', async () => {
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await get('/')).toMatchObject({
      status: 200,
      type: 'text/html; charset=utf-8',
      body: '<!doctype html><title>home</title>',
    });
    expect(await get('/nested/')).toMatchObject({ status: 200, body: 'nested home' });
  });

  it.each([
    ['/openapi.yaml', 'application/yaml; charset=utf-8'],
    ['/openapi.json', 'application/json; charset=utf-8'],
    ['/logo.svg', 'image/svg+xml'],
  ])('serves %s as %s', async (path, type) => {
    expect(await get(path)).toMatchObject({ status: 200, type });
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/..%2Fsecret.txt', '/nested/..%2F..%2Fsecret.txt', '/link-out.txt', '/%00', '/%E0%A4%A'])(
    'refuses %s, which would leave the site folder or is malformed',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain('outside the site');
    },
  );

  it('answers 404 for a missing file and 405 for methods other than GET and HEAD', async () => {
    expect((await get('/missing.html')).status).toBe(404);
    expect((await get('/', 'POST')).status).toBe(405);
    expect(await get('/openapi.json', 'HEAD')).toMatchObject({ status: 200, body: '' });
  });
});

describe('serveStatic under a prefix, as GitHub Pages serves a project site at /<repo>/', () => {
  let prefixed: { url: string; port: number; close: () => Promise<void> };
  beforeAll(async () => {
    prefixed = await serveStatic({ root, prefix: '/toolkit/' });
  });
  afterAll(async () => {
    await prefixed?.close();
  });

  it('gives the prefixed folder, with its slash, as the site URL', () => {
    expect(prefixed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/toolkit\/$/);
  });

  it('serves the site below the prefix', async () => {
    expect(await get('/toolkit/', 'GET', prefixed.port)).toMatchObject({ status: 200, body: '<!doctype html><title>home</title>' });
    expect(await get('/toolkit/nested/', 'GET', prefixed.port)).toMatchObject({ status: 200, body: 'nested home' });
    expect(await get('/toolkit/openapi.yaml', 'GET', prefixed.port)).toMatchObject({ status: 200, type: 'application/yaml; charset=utf-8' });
  });

  it('redirects the prefix without its slash to the folder, keeping the query', async () => {
    expect(await get('/toolkit?x=1', 'GET', prefixed.port)).toMatchObject({ status: 301, location: '/toolkit/?x=1' });
  });

  it.each(['/', '/openapi.yaml', '/toolkitx/openapi.yaml', '/toolkit/../secret.txt', '/toolkit/..%2Fsecret.txt'])(
    'answers 404 for %s, which is outside the prefix or the site',
    async (path) => {
      const response = await get(path, 'GET', prefixed.port);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain('outside the site');
    },
  );

  it('refuses a prefix that is not a plain path', async () => {
    await expect(serveStatic({ root, prefix: '/a b/' })).rejects.toThrow('prefix "/a b/" is not a plain URL path');
  });
});
