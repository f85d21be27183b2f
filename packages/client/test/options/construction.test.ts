import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASE_URLS, createClient, ValidationError, type ClientOptions } from '../../src/index.js';
import { fakeFetch, json } from '../helpers/fake-fetch.js';
import { CREDENTIALS } from '../helpers/client.js';

const valid = { ...CREDENTIALS, environment: 'sandbox' } as const;

function constructionError(options: unknown): ValidationError {
  try {
    createClient(options as ClientOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('createClient accepted the options');
}

describe('createClient validates every option at construction and names it', () => {
  it.each([
    ['missing merchantId', { ...valid, merchantId: undefined }, 'merchantId', 'required'],
    ['empty merchantId', { ...valid, merchantId: '' }, 'merchantId', 'required'],
    ['blank merchantId', { ...valid, merchantId: '   ' }, 'merchantId', 'required'],
    ['merchantId with a colon (it is the Basic user name)', { ...valid, merchantId: '32:1' }, 'merchantId', 'format'],
    ['numeric merchantId', { ...valid, merchantId: 32 }, 'merchantId', 'type'],
    ['missing secretKey', { ...valid, secretKey: undefined }, 'secretKey', 'required'],
    ['empty secretKey', { ...valid, secretKey: '' }, 'secretKey', 'required'],
    ['secretKey with a lone surrogate (UTF-8 would silently replace it)', { ...valid, secretKey: 'abc\uD83D' }, 'secretKey', 'unicode'],
    ['neither environment nor baseUrl', { ...CREDENTIALS }, 'environment', 'required'],
    ['unknown environment', { ...valid, environment: 'staging' }, 'environment', 'enum'],
    ['both environment and baseUrl', { ...valid, baseUrl: 'https://example.test' }, 'baseUrl', 'exclusive'],
    ['baseUrl that is not a URL', { ...CREDENTIALS, baseUrl: 'global-api.afterpay.com' }, 'baseUrl', 'format'],
    ['baseUrl that is not a string', { ...CREDENTIALS, baseUrl: 42 }, 'baseUrl', 'format'],
    ['baseUrl with credentials', { ...CREDENTIALS, baseUrl: 'https://32:secret@example.test' }, 'baseUrl', 'format'],
    ['plain http to a remote host', { ...CREDENTIALS, baseUrl: 'http://global-api.afterpay.com' }, 'baseUrl', 'https'],
    ['plain http to a lookalike of localhost', { ...CREDENTIALS, baseUrl: 'http://localhost.example.com' }, 'baseUrl', 'https'],
    ['a scheme other than http(s)', { ...CREDENTIALS, baseUrl: 'ftp://example.test' }, 'baseUrl', 'https'],
    ['negative retries', { ...valid, retries: -1 }, 'retries', 'minimum'],
    ['fractional retries', { ...valid, retries: 1.5 }, 'retries', 'integer'],
    ['too many retries', { ...valid, retries: 11 }, 'retries', 'maximum'],
    ['retries as a string', { ...valid, retries: '2' }, 'retries', 'type'],
    ['zero connect timeout', { ...valid, timeouts: { connectMs: 0 } }, 'timeouts.connectMs', 'minimum'],
    ['fractional read timeout', { ...valid, timeouts: { readMs: 0.5 } }, 'timeouts.readMs', 'integer'],
    ['timeout beyond what setTimeout can hold', { ...valid, timeouts: { readMs: 2 ** 31 } }, 'timeouts.readMs', 'maximum'],
    ['misspelt timeout', { ...valid, timeouts: { read: 1000 } }, 'timeouts.read', 'unknown'],
    ['timeouts as a number', { ...valid, timeouts: 1000 }, 'timeouts', 'type'],
    ['fetch that is not a function', { ...valid, fetch: 'fetch' }, 'fetch', 'type'],
    ['misspelt option', { ...valid, retry: 0 }, 'retry', 'unknown'],
    ['plugin without a version', { ...valid, userAgent: { plugin: { name: 'MyPlugin' } } }, 'userAgent.plugin.version', 'required'],
    ['plugin name with a slash', { ...valid, userAgent: { plugin: { name: 'My/Plugin', version: '1' } } }, 'userAgent.plugin.name', 'format'],
    ['platform version with a newline', { ...valid, userAgent: { platform: { name: 'Shop', version: '1\r\nX: y' } } }, 'userAgent.platform.version', 'format'],
    ['site URL with a space', { ...valid, userAgent: { siteUrl: 'https://shop.test/a b' } }, 'userAgent.siteUrl', 'format'],
    ['dangerouslyAllowBrowser as a string', { ...valid, dangerouslyAllowBrowser: 'yes' }, 'dangerouslyAllowBrowser', 'type'],
  ])('%s', (_, options, param, rule) => {
    const error = constructionError(options);
    expect({ param: error.param, rule: error.rule }).toEqual({ param, rule });
    expect(error.message).toContain(param);
  });

  it('never puts the secret key in a construction error', () => {
    const error = constructionError({ ...CREDENTIALS, environment: 'staging', secretKey: 'do-not-print-me' });
    expect(`${error} ${JSON.stringify(error)} ${error.stack}`).not.toContain('do-not-print-me');
  });

  it.each(['http://localhost:4010', 'http://127.0.0.1:4010', 'http://[::1]:4010', 'https://proxy.example.test/afterpay'])(
    'accepts baseUrl %s (plain http only to the local machine)',
    (baseUrl) => {
      expect(() => createClient({ ...CREDENTIALS, baseUrl })).not.toThrow();
    },
  );

  it('accepts every documented option together', () => {
    expect(() =>
      createClient({
        ...valid,
        userAgent: {
          plugin: { name: 'MyPlugin', version: '1.0.0' },
          platform: { name: 'E-Commerce Platform Name', version: '1.0.0' },
          siteUrl: 'https://merchant.example.com',
        },
        fetch: fakeFetch(() => json({})),
        timeouts: { connectMs: 1000, readMs: 2000 },
        retries: 0,
        dangerouslyAllowBrowser: false,
      }),
    ).not.toThrow();
  });
});

describe('environments', () => {
  it("are the spec's two global servers", () => {
    const spec = JSON.parse(readFileSync(new URL('../../../../spec/dist/openapi.json', import.meta.url), 'utf8'));
    const urls = spec.servers.map((server: { url: string }) => server.url);
    expect(urls).toContain(BASE_URLS.production);
    expect(urls).toContain(BASE_URLS.sandbox);
    expect(BASE_URLS).toEqual({ production: 'https://global-api.afterpay.com', sandbox: 'https://global-api-sandbox.afterpay.com' });
  });

  it.each([
    ['sandbox', 'https://global-api-sandbox.afterpay.com/v2/payments'],
    ['production', 'https://global-api.afterpay.com/v2/payments'],
  ] as const)('%s sends requests to its host', async (environment, expected) => {
    const fetch = fakeFetch(() => json({ totalResults: 0, offset: 0, limit: 20, results: [] }));
    await createClient({ ...CREDENTIALS, environment, fetch }).listPayments();
    expect(fetch.requests[0]!.url).toBe(expected);
  });

  it('baseUrl with a path prefix keeps the prefix', async () => {
    const fetch = fakeFetch(() => new Response('pong'));
    await createClient({ ...CREDENTIALS, baseUrl: 'https://proxy.example.test/afterpay/', fetch }).ping();
    expect(fetch.requests[0]!.url).toBe('https://proxy.example.test/afterpay/ping');
  });
});
