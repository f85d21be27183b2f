// The client against the Prism mock of the bundled spec (started once in test/setup/prism.ts). Prism
// validates each request against the spec (required User-Agent, Basic auth, date and array forms),
// so a 200 here means the client's requests conform.
import { describe, expect, inject, it } from 'vitest';
import { AuthenticationError, createClient, UnprocessableEntityError } from '../../src/index.js';

const baseUrl = inject('prismUrl');
const client = createClient({ merchantId: '32', secretKey: 'abcdefgh', baseUrl, retries: 0 });

describe('against the Prism mock', () => {
  it('ping answers pong', async () => {
    await expect(client.ping()).resolves.toBeUndefined();
  });

  it('getConfiguration with every include returns the limits', async () => {
    const configuration = await client.getConfiguration({ include: ['publicid', 'consumerlending', 'paybyinstallment'] });
    expect(configuration.maximumAmount).toEqual({ amount: expect.stringMatching(/^\d+\.\d\d$/), currency: expect.any(String) });
  });

  it('listPayments with every parameter, a + offset and reserved characters is accepted', async () => {
    const page = await client.listPayments({
      fromCreatedDate: '2019-01-01T09:00:00.000+11:00',
      toCreatedDate: new Date('2024-12-31T00:00:00.000Z'),
      limit: 250,
      offset: 0,
      tokens: '002.6bjb3n9gqtbbu8tc5hd5e8kk8q6fip6qc7dpk5tl0ph2vfa9',
      ids: ['300000016189', '300000016190'],
      merchantReferences: ['order 1&2', 'A+B', 'Café-№5'],
      statuses: ['APPROVED', 'DECLINED'],
      orderBy: 'createdAt',
      ascending: false,
    });
    expect(page.results[0]?.id).toBe('300000016189');
    expect(page.totalResults).toBeGreaterThanOrEqual(page.results.length);
  });

  it('iteratePayments collects the pages', async () => {
    const payments = await client.iteratePayments({ limit: 20 }).toArray({ max: 10 });
    expect(payments.length).toBeGreaterThan(0);
  });

  it('missing credentials give AuthenticationError with the spec example body', async () => {
    const noAuth = createClient({
      merchantId: '32',
      secretKey: 'abcdefgh',
      baseUrl,
      retries: 0,
      fetch: (request) => {
        request.headers.delete('authorization');
        return fetch(request);
      },
    });
    const error = await noAuth.listPayments().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, errorCode: 'unauthorized' });
  });

  it('the raw client gives { data, error } with the typed error body', async () => {
    const { data, error, response } = await client.raw.GET('/v2/payments', { params: { query: { limit: 5 } }, headers: { Prefer: 'code=422' } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(422);
    expect(error).toMatchObject({ errorCode: 'error', httpStatusCode: 422 });
  });

  it('a 422 through the client is UnprocessableEntityError', async () => {
    // The client never sends an invalid query, so ask Prism for the documented 422 directly.
    const forced = createClient({
      merchantId: '32',
      secretKey: 'abcdefgh',
      baseUrl,
      retries: 0,
      fetch: (request) => {
        request.headers.set('Prefer', 'code=422');
        return fetch(request);
      },
    });
    await expect(forced.listPayments({ limit: 5 })).rejects.toBeInstanceOf(UnprocessableEntityError);
  });
});
