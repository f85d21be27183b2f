// The one query serialiser, where it shows: the URL `client.api` sends (a parameter left undefined or
// null is not sent, as openapi-fetch's own serializer leaves it out) and the request line named by the
// error of a call that fails outside the transport (`?` before the first parameter, an array one included).
import { describe, expect, it } from 'vitest';
import { clientWith } from '../helpers/client.js';

describe('the serialised query', () => {
  it('through client.api, leaves out parameters that are undefined or null', async () => {
    const { client, fetch } = clientWith();
    await client.api.GET('/v2/payments', { params: { query: { limit: 5, offset: undefined, orderBy: null } as never } });
    expect(fetch.requests.map(({ url }) => url)).toEqual(['https://global-api-sandbox.afterpay.com/v2/payments?limit=5']);
  });

  it('in the error of a call that fails outside the transport (a middleware throws), starts with ? before the first parameter, an array one or not', async () => {
    const { client, fetch } = clientWith();
    client.api.use({
      onRequest: () => {
        throw new Error('refused by a middleware');
      },
    });
    const error = await client.listPayments({ ids: ['x', 'y'] }).catch((caught: unknown) => caught);
    expect(fetch.requests).toEqual([]);
    expect((error as Error).message).toBe('GET https://global-api-sandbox.afterpay.com/v2/payments?ids=x&ids=y: refused by a middleware');
    const single = await client.listPayments({ limit: 5 }).catch((caught: unknown) => caught);
    expect((single as Error).message).toBe('GET https://global-api-sandbox.afterpay.com/v2/payments?limit=5: refused by a middleware');
  });
});
