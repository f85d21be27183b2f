import { describe, expect, it } from 'vitest';
import { buildUserAgent } from '../../src/user-agent.js';
import { VERSION } from '../../src/index.js';
import { clientWith } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';

describe('User-Agent', () => {
  it('defaults to @merchant-ordering/client/<version> (Node.js/<version>; Merchant/<merchantId>)', async () => {
    const { client, fetch } = clientWith();
    await client.listPayments();
    expect(fetch.requests[0]!.headers.get('user-agent')).toBe(`@merchant-ordering/client/${VERSION} (Node.js/${process.version}; Merchant/60032000)`);
  });

  it('adds the plugin first, the platform inside the parentheses and the site URL last, in the documented format', async () => {
    const { client, fetch } = clientWith(() => new Response('pong'), {
      userAgent: {
        plugin: { name: 'MyAfterpayModule', version: '1.0.0' },
        platform: { name: 'E-Commerce Platform Name', version: '1.0.0' },
        siteUrl: 'https://merchant.example.com',
      },
    });
    await client.ping();
    expect(fetch.requests[0]!.headers.get('user-agent')).toBe(
      `MyAfterpayModule/1.0.0 @merchant-ordering/client/${VERSION} (E-Commerce Platform Name/1.0.0; Node.js/${process.version}; Merchant/60032000) https://merchant.example.com`,
    );
  });

  it('is sent on every operation, Ping included', async () => {
    const { client, fetch } = clientWith((request) =>
      request.url.endsWith('/ping')
        ? new Response('pong')
        : json({ totalResults: 0, offset: 0, limit: 1, results: [], maximumAmount: { amount: '1.00', currency: 'AUD' } }),
    );
    await client.ping();
    await client.getConfiguration();
    await client.listPayments();
    for (const request of fetch.requests) expect(request.headers.get('user-agent')).toMatch(/^@merchant-ordering\/client\/.+ \(.+; Merchant\/60032000\)$/);
  });

  it('leaves out the language segment where there is no Node.js version to report', () => {
    expect(buildUserAgent('32', {}, '')).toBe(`@merchant-ordering/client/${VERSION} (Merchant/32)`);
  });
});

describe('Accept', () => {
  it('is application/json on JSON operations and text/plain on Ping', async () => {
    const { client, fetch } = clientWith((request) =>
      request.url.endsWith('/ping') ? new Response('pong') : json({ maximumAmount: { amount: '1.00', currency: 'AUD' } }),
    );
    await client.getConfiguration();
    await client.ping();
    expect(fetch.requests.map((request) => request.headers.get('accept'))).toEqual(['application/json', 'text/plain']);
  });
});
