import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, ValidationError } from '../../src/index.js';
import { isBrowserLike } from '../../src/options.js';
import { CREDENTIALS } from '../helpers/client.js';
import { fakeFetch } from '../helpers/fake-fetch.js';

describe('in a browser, where the secret key would be exposed', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('construction refuses without an explicit opt-in', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(() => createClient({ ...CREDENTIALS, environment: 'sandbox' })).toThrow(
      expect.objectContaining({ name: 'ValidationError', param: 'dangerouslyAllowBrowser', rule: 'browser' }),
    );
    expect(() => createClient({ ...CREDENTIALS, environment: 'sandbox' })).toThrow(ValidationError);
  });

  it('dangerouslyAllowBrowser: true lets it run, and the browser keeps its own User-Agent', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const fetch = fakeFetch(() => new Response('pong'));
    const client = createClient({ ...CREDENTIALS, environment: 'sandbox', fetch, dangerouslyAllowBrowser: true });
    await client.ping();
    expect(fetch.requests[0]!.headers.get('user-agent')).toBeNull();
  });

  it.each([
    ['a page (window and document)', { window: {}, document: {} }, true],
    ['a web worker (navigator without process)', { navigator: {} }, true],
    ['Node.js (process, no window)', { process: {} }, false],
    ['Node.js 21+ (process and navigator)', { process: {}, navigator: {} }, false],
  ])('detects %s', (_, scope, browser) => {
    expect(isBrowserLike(scope)).toBe(browser);
  });
});
