// Ping, the one operation without authentication: its request carries no Authorization even with a
// query string (through client.api), and an answer other than "pong" is refused saying so.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.js';
import { clientWith } from '../helpers/client.js';

describe('ping', () => {
  it('through client.api with a query string, is still sent without credentials, asking for text', async () => {
    const { client, fetch } = clientWith(() => new Response('pong'));
    await client.api.GET('/ping', { params: { query: { probe: 1 } } as never, parseAs: 'text' });
    const [request] = fetch.requests;
    expect(request!.url).toBe('https://global-api-sandbox.afterpay.com/ping?probe=1');
    expect(request!.headers.has('authorization')).toBe(false);
    expect(request!.headers.get('accept')).toBe('text/plain');
  });

  it('an answer other than pong is an ApiError that says it was not pong', async () => {
    const { client } = clientWith(() => new Response('pang'));
    const error = await client.ping().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, message: '/ping answered 200 with an unexpected body: not pong' });
  });
});
