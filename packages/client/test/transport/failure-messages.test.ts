// What a caller reads when an attempt goes wrong in the less common ways: a redirect without a
// Location, a network-error Response (status 0, as a browser's manual redirect gives), a thrown value
// that is not an Error, a URL too long with no query string to blame, and the debug line of a failed
// attempt. Each message names what happened, never a placeholder.
import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, createClient, ValidationError } from '../../src/index.js';
import { CREDENTIALS, clientWith } from '../helpers/client.js';
import { recordingLogger } from '../helpers/logger.js';

const PING = 'https://global-api-sandbox.afterpay.com/ping';
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('resolved');
    },
    (error: unknown) => error as Error,
  );

describe('failure messages', () => {
  it('a redirect without a Location says it went to an unknown location, and is not followed', async () => {
    const { client, fetch } = clientWith(() => new Response(null, { status: 302 }));
    const error = await failureOf(client.ping());
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(`GET ${PING} answered 302 redirecting to an unknown location; the API never redirects, so it is not followed`);
    expect(fetch.requests).toHaveLength(1);
  });

  it('a network-error Response (status 0) is an ApiError that says only the status', async () => {
    const { client } = clientWith(() => Response.error());
    const error = await failureOf(client.ping());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: `GET ${PING} answered 0` });
  });

  it('a thrown value that is not an Error is named by its type', async () => {
    const { client } = clientWith(() => {
      throw {};
    });
    const error = await failureOf(client.ping());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(`GET ${PING}: object`);
  });

  it('a URL over the limit with no query string blames the URL itself, before anything is sent', async () => {
    const requests: Request[] = [];
    const client = createClient({
      ...CREDENTIALS,
      baseUrl: `https://example.test/${'a'.repeat(9000)}`,
      fetch: async (request: Request) => {
        requests.push(request);
        return new Response('{}');
      },
      retries: 0,
    });
    const error = await failureOf(client.ping());
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      param: 'url',
      rule: 'maxUrlLength',
      message: 'the URL would be 9026 characters, over the 8192 limit; url takes 9026 of them',
    });
    expect(requests).toEqual([]);
  });

  it('at debug, a failed attempt is logged as failed, with no status', async () => {
    const { logger, lines } = recordingLogger();
    const { client } = clientWith(
      () => {
        throw new TypeError('fetch failed');
      },
      { logger, logLevel: 'debug' },
    );
    await failureOf(client.ping());
    const debug = lines.filter(({ level }) => level === 'debug');
    expect(debug.map(({ message }) => message)).toEqual([`[@merchant-ordering/client] GET ${PING} failed`]);
    expect(debug[0]!.data).toMatchObject({ method: 'GET', status: undefined, attempt: 1 });
  });
});
