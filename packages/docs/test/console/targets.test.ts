// Where the console may send: the sandbox in the page or one on this machine, never the real
// service. The page's Content-Security-Policy allows the same origins, so the browser holds the line too
// (test/content-security-policy.test.ts).
import { describe, expect, it } from 'vitest';
import { localTarget, pageSandboxUrl, realServiceDomains } from '../../console/targets';
import { readSpec } from '../support/paths';

const spec = readSpec();
const domains = realServiceDomains(spec);

/** Every host the description names: its servers' URLs, each variable's values expanded. */
const realHosts: string[] = spec.servers.flatMap(({ url, variables }: { url: string; variables?: Record<string, { enum: string[] }> }) =>
  variables
    ? Object.values(variables).flatMap(({ enum: values }) => values.map((value) => new URL(url.replace(/\{\w+\}/, value)).hostname))
    : [new URL(url).hostname],
);

describe('the real service', () => {
  it('is every host of the description, the legacy regional hosts included, and their domains', () => {
    expect(realHosts).toContain('global-api.afterpay.com');
    expect(realHosts).toContain('api.sandbox.clearpay.com');
    for (const host of realHosts) expect(domains).toContain(host);
    expect(domains).toEqual(expect.arrayContaining(['afterpay.com', 'clearpay.com']));
  });

  it.each(realHosts)('%s is refused by name, whatever the scheme, case, port or path', (host) => {
    for (const url of [`https://${host}`, `http://${host}:443/v2`, `https://${host.toUpperCase()}.`, `https://eu.${host}`]) {
      const target = localTarget(url, domains);
      expect(target, url).toMatchObject({ ok: false, problem: expect.stringContaining('is the real service') });
    }
  });
});

describe('a local sandbox', () => {
  it.each([
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://localhost:4010/', 'http://localhost:4010'],
    [' http://127.0.0.1:8081/sandbox/ ', 'http://127.0.0.1:8081/sandbox'],
  ])('%s is a base URL the console sends to (%s)', (text, baseUrl) => {
    expect(localTarget(text, domains)).toEqual({ ok: true, baseUrl });
  });

  it.each(['http://192.168.1.20:4010', 'https://sandbox.example.com', 'http://[::1]:4010', 'http://127.0.0.2:4010', 'http://localhost.example.com:4010'])(
    '%s is refused: not a host of this machine the page may reach',
    (url) => {
      expect(localTarget(url, domains)).toMatchObject({ ok: false, problem: expect.stringContaining('is not on this machine') });
    },
  );

  it.each(['127.0.0.1:4010', 'sandbox', 'ftp://127.0.0.1:4010', 'http://u:p@127.0.0.1:4010', 'http://127.0.0.1:4010/?x=1', 'http://127.0.0.1:4010/#x'])(
    '%s is refused',
    (text) => {
      expect(localTarget(text, domains).ok).toBe(false);
    },
  );
});

describe('the sandbox in the page', () => {
  it('answers beside the page, under the sub-path the site is served from', () => {
    expect(pageSandboxUrl('https://merchant-ordering.github.io/toolkit/')).toBe('https://merchant-ordering.github.io/toolkit/sandbox');
    expect(pageSandboxUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/sandbox');
  });
});
