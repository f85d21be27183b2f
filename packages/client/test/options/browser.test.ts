import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { isBrowserLike, resolveOptions } from '../../src/options.js';
import { CREDENTIALS } from '../helpers/client.js';

describe('in a browser, where the secret key would be exposed', () => {
  const page = { window: {}, document: {} };

  it('construction refuses without an explicit opt-in', () => {
    expect(() => resolveOptions({ ...CREDENTIALS, environment: 'sandbox' }, page)).toThrow(
      expect.objectContaining({ name: 'ValidationError', param: 'dangerouslyAllowBrowser', rule: 'browser' }),
    );
    expect(() => resolveOptions({ ...CREDENTIALS, environment: 'sandbox' }, page)).toThrow(ValidationError);
  });

  it('dangerouslyAllowBrowser: true lets it run, and the browser keeps its own User-Agent', () => {
    expect(resolveOptions({ ...CREDENTIALS, environment: 'sandbox', dangerouslyAllowBrowser: true }, page).userAgent).toBeUndefined();
  });

  it('an edge runtime needs no opt-in and sends the User-Agent', () => {
    const workers = { navigator: { userAgent: 'Cloudflare-Workers' } };
    expect(resolveOptions({ ...CREDENTIALS, environment: 'sandbox' }, workers).userAgent).toMatch(/^@merchant-ordering\/client\//);
  });

  it.each([
    ['a page (window and document)', { window: {}, document: {} }, true],
    ['a web or service worker (WorkerGlobalScope, navigator)', { WorkerGlobalScope: function () {}, navigator: { userAgent: 'Mozilla/5.0' } }, true],
    ['Node.js (process.versions.node, no window)', { process: { versions: { node: '20.19.0' } } }, false],
    ['Node.js 21+ (process and navigator)', { process: { versions: { node: '22.0.0' } }, navigator: {} }, false],
    ['Cloudflare Workers (navigator, no window, document or process)', { navigator: { userAgent: 'Cloudflare-Workers' } }, false],
    ['Deno, even with a window global', { Deno: {}, window: {}, navigator: {} }, false],
    ['Bun', { Bun: {}, navigator: {} }, false],
    ['Vercel Edge (EdgeRuntime)', { EdgeRuntime: 'edge-runtime', navigator: {} }, false],
    ['a scope that says nothing (neither a browser nor a known runtime)', { navigator: {} }, false],
  ])('detects %s', (_, scope, browser) => {
    expect(isBrowserLike(scope)).toBe(browser);
  });
});
