// A middleware that answers in the loop's place with an empty body: the method reads it as empty, an
// empty success is an unexpected body (not text the client made up), an empty error is said to be empty.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.js';
import { clientWith } from '../helpers/client.js';

describe('a middleware answering with an empty body', () => {
  it('a 200 with no body is refused as an unexpected body, its excerpt empty', async () => {
    const { client } = clientWith();
    client.api.use({ onResponse: () => new Response(null, { status: 200, headers: { 'content-length': '0' } }) });
    const error = await client.listPayments().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, bodyExcerpt: '' });
    expect((error as Error).message).toMatch(/^\/v2\/payments answered 200 with an unexpected body: /);
  });

  it('a 500 with no body is an ApiError whose message says the body was empty', async () => {
    const { client } = clientWith();
    client.api.use({ onResponse: () => new Response(null, { status: 500, headers: { 'content-length': '0' } }) });
    const error = await client.listPayments().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, bodyExcerpt: '', message: 'HTTP 500 with an empty body' });
  });
});
