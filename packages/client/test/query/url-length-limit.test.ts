// The URL limit at its boundary (README: "URLs at 8 KiB ... refused before the network"): a URL of
// exactly 8,192 characters is sent, one of 8,193 is a ValidationError and nothing reaches fetch. Only
// the public client and an injected fetch, so the test holds whatever the transport underneath.
import { describe, expect, it } from 'vitest';
import { createClient, ValidationError } from '../../src/index.js';

const LIMIT = 8 * 1024;

function recordingClient() {
  const urls: string[] = [];
  const fetch = async (input: Request | string | URL) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return new Response(JSON.stringify({ totalResults: 0, offset: 0, limit: 20, results: [] }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = createClient({ merchantId: '60032000', secretKey: 'test-secret-key-0123456789', environment: 'sandbox', fetch, retries: 0 });
  return { client, urls };
}

/** One id of plain letters, long enough for the whole URL to be `length` characters (measured, not assumed). */
async function idsForUrlOf(length: number, call: Call = list): Promise<string[]> {
  const { client, urls } = recordingClient();
  await call(client, ['x']);
  return ['x'.repeat(1 + length - urls[0]!.length)];
}

type Call = (client: ReturnType<typeof recordingClient>['client'], ids: string[]) => Promise<unknown>;
const list: Call = (client, ids) => client.listPayments({ ids });
// The iterator asks for its own page size, so its URL is measured on its own.
const iterate: Call = (client, ids) => client.iteratePayments({ ids }).toArray({ max: 1 });

describe('the URL length limit, at its boundary', () => {
  it(`a URL of exactly ${LIMIT} characters is sent, unchanged`, async () => {
    const ids = await idsForUrlOf(LIMIT);
    const { client, urls } = recordingClient();
    await expect(client.listPayments({ ids })).resolves.toBeDefined();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toHaveLength(LIMIT);
  });

  it(`a URL of ${LIMIT + 1} characters is refused before the network, naming the parameter`, async () => {
    const ids = await idsForUrlOf(LIMIT + 1);
    const { client, urls } = recordingClient();
    const error = await client.listPayments({ ids }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ param: 'ids', rule: 'maxUrlLength' });
    expect((error as Error).message).toContain(String(LIMIT + 1));
    expect(urls).toHaveLength(0);
  });

  it(`the iterator: its first page at ${LIMIT} characters is fetched, at ${LIMIT + 1} refused before the network`, async () => {
    const under = recordingClient();
    await iterate(under.client, await idsForUrlOf(LIMIT, iterate));
    expect(under.urls.map((url) => url.length)).toEqual([LIMIT]);
    const over = recordingClient();
    await expect(iterate(over.client, await idsForUrlOf(LIMIT + 1, iterate))).rejects.toMatchObject({ param: 'ids', rule: 'maxUrlLength' });
    expect(over.urls).toHaveLength(0);
  });
});
