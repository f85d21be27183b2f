// A request with a body, sent through `client.api` (every typed method is a GET, but the escape hatch
// takes any request): the body is read once and sent whole on every attempt, the retry included, over
// a caller's fetch.
import { describe, expect, it } from 'vitest';
import { EMPTY_PAGE, clientWith } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';

describe('a request body over a fetch', () => {
  it('is sent whole on the first attempt and again on the retry', async () => {
    const bodies: string[] = [];
    const { client } = clientWith(
      async (request, call) => {
        bodies.push(await request.text());
        return call === 1 ? new Response('', { status: 503, headers: { 'retry-after': '0' } }) : json(EMPTY_PAGE);
      },
      { retries: 1 },
    );
    const { response } = await client.api.POST('/v2/payments' as never, { body: { note: 'sent twice' } } as never);
    expect(response.status).toBe(200);
    expect(bodies).toEqual(['{"note":"sent twice"}', '{"note":"sent twice"}']);
  });
});
