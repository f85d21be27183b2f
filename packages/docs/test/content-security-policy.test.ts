// The policy the build wrote into the page: everything from the site itself, the inline scripts by
// hash, connections to the local hosts the console accepts. What it refuses in a browser is shown by
// the Chromium test (try-it.browser.test.ts); this file reads the built page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectSources } from '../console/targets';
import { inlineScriptHashes } from '../scripts/content-security-policy.mjs';
import { dist } from './support/paths';

const page = readFileSync(join(dist, 'index.html'), 'utf8');
const metas = [...page.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/g)];
const policy = new Map(
  (metas[0]?.[1] ?? '').split(';').map((directive) => {
    const [name = '', ...sources] = directive.trim().split(/\s+/);
    return [name, sources] as const;
  }),
);

describe("the page's Content-Security-Policy", () => {
  it('is one <meta> before the first script, so it covers every script of the page', () => {
    expect(metas).toHaveLength(1);
    expect(metas[0]!.index).toBeLessThan(page.indexOf('<script'));
  });

  it('allows only the site itself by default, and no plugin, base or form target elsewhere', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('runs the inline scripts by hash, each of them, and nothing inline that is not in the page', () => {
    const hashes = inlineScriptHashes(page);
    expect(hashes.length).toBeGreaterThan(0);
    expect(policy.get('script-src')).toEqual(["'self'", ...hashes]);
  });

  it('lets the page connect to itself and to the local hosts the console accepts, nothing else', () => {
    expect(policy.get('connect-src')?.join(' ')).toBe(connectSources());
  });

  it('names no other origin in any directive', () => {
    const sources = [...policy.values()].flat();
    const others = sources.filter((source) => !/^'(self|none|unsafe-inline|sha256-[A-Za-z0-9+/=]+)'$|^(data|blob):$/.test(source));
    expect(others).toEqual(
      connectSources()
        .split(' ')
        .filter((source) => source !== "'self'"),
    );
  });
});
