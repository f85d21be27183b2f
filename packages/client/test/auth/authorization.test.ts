import { describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/auth.js';
import { createClient } from '../../src/index.js';
import { clientWith } from '../helpers/client.js';
import { fakeFetch, json } from '../helpers/fake-fetch.js';
import { readVectors } from '../helpers/vectors.js';
import { rawClient } from '../../src/raw.js';

const vectors = readVectors('auth.json');

describe('Authorization: Basic base64(merchantId:secretKey), as the document builds it (spec/vectors/auth.json)', () => {
  it('has vectors, including the document example', () => {
    expect(vectors.cases.map((c) => c.authorization)).toContain('Basic MzI6YWJjZGVmZ2g=');
  });

  it.each(vectors.cases)('$name', ({ merchantId, secretKey, authorization }) => {
    expect(basicAuthorization(merchantId, secretKey)).toBe(authorization);
  });

  it.each(vectors.cases)('is sent by the client: $name', async ({ merchantId, secretKey, authorization }) => {
    const fetch = fakeFetch(() => json({ maximumAmount: { amount: '1000.00', currency: 'AUD' } }));
    await createClient({ merchantId, secretKey, environment: 'sandbox', fetch }).getConfiguration();
    expect(fetch.requests[0]!.headers.get('authorization')).toBe(authorization);
  });
});

describe('which calls carry credentials', () => {
  it('every authenticated operation sends Authorization', async () => {
    const { client, fetch } = clientWith((request) =>
      json(
        request.url.includes('configuration') ? { maximumAmount: { amount: '1.00', currency: 'AUD' } } : { totalResults: 0, offset: 0, limit: 20, results: [] },
      ),
    );
    await client.getConfiguration();
    await client.listPayments();
    await client.iteratePayments().toArray({ max: 1 });
    await rawClient(client).GET('/v2/payments');
    expect(fetch.requests).toHaveLength(4);
    for (const request of fetch.requests) expect(request.headers.get('authorization')).toMatch(/^Basic [A-Za-z0-9+/]+=*$/);
  });

  it('Ping sends no Authorization', async () => {
    const { client, fetch } = clientWith(() => new Response('pong'));
    await client.ping();
    await rawClient(client).GET('/ping', { parseAs: 'text' });
    for (const request of fetch.requests) expect(request.headers.has('authorization')).toBe(false);
  });
});
