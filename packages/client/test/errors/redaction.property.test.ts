// Property: whatever the secret key, no thrown error, in any rendering a logger might use, contains the
// secret key or the Authorization value, even when the server or the fetch echoes them back.
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/auth.js';
import { createClient, MerchantApiError } from '../../src/index.js';
import type { FetchLike } from '../../src/transport.js';

type Echo = (request: Request, secret: string) => Response | Promise<Response>;

// Ways a server, a proxy or a fetch library can reflect credentials back at the client.
const echoes: Record<string, Echo> = {
  'JSON error body quoting the header': (request, secret) =>
    Response.json({ errorCode: `bad ${secret}`, errorId: request.headers.get('authorization'), message: `got ${request.headers.get('authorization')} / ${secret}`, httpStatusCode: 401, [secret]: secret }, { status: 401 }),
  'HTML page dumping the request headers': (request) =>
    new Response(`<pre>${[...request.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}</pre>`, { status: 502 }),
  'response header echoing the credentials': (request, secret) =>
    new Response('{}', { status: 422, headers: { 'x-echo': `${request.headers.get('authorization')} ${encodeURIComponent(secret)}` } }),
  'non-JSON 200 carrying the secret': (_, secret) => new Response(`oops ${secret}`),
  'fetch throwing an error that holds the request': (request, secret) => {
    throw Object.assign(new TypeError(`fetch failed for ${request.headers.get('authorization')}`), {
      request,
      cause: Object.assign(new Error(`socket hang up (${secret})`), { code: 'ECONNRESET', config: { headers: Object.fromEntries(request.headers) } }),
    });
  },
  'fetch that never answers (timeout)': () => new Promise<Response>(() => {}),
};

function renderings(error: unknown): string[] {
  const rendered = [String(error), JSON.stringify(error), inspect(error, { depth: 10, showHidden: true })];
  for (let cause = error as Error | undefined; cause; cause = cause.cause as Error | undefined) rendered.push(String(cause.stack), String(cause.message));
  return rendered;
}

// 12+ characters from a wide alphabet (colons, spaces, unicode): long enough never to occur by chance.
const secrets = fc.string({ unit: fc.constantFrom(...[...'abcdefXYZ0189:+/=% é€😀']), minLength: 12, maxLength: 40 }).filter((s) => s.trim() === s && /[a-zX-Z]/.test(s));

describe('no thrown object leaks the secret key or the Authorization value', () => {
  it.each(Object.entries(echoes))('%s', async (_, echo) => {
    await fc.assert(
      fc.asyncProperty(secrets, async (secretKey) => {
        const fetch: FetchLike = async (request) => echo(request, secretKey);
        const client = createClient({ merchantId: '60032000', secretKey, environment: 'sandbox', fetch, retries: 0, timeouts: { connectMs: 5, readMs: 5 } });
        const authorization = basicAuthorization('60032000', secretKey);
        for (const call of [() => client.listPayments(), () => client.getConfiguration({ include: 'publicid' })]) {
          const error = await call().then(
            () => undefined,
            (caught: unknown) => caught,
          );
          expect(error).toBeInstanceOf(MerchantApiError);
          for (const text of renderings(error)) {
            expect(text).not.toContain(secretKey);
            expect(text).not.toContain(authorization.slice('Basic '.length));
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('the echoes are really echoed: without redaction the secret would appear', async () => {
    // Guards the property above against passing vacuously.
    const secretKey = 'visible-secret-0123';
    const fetch: FetchLike = async (request) => echoes['JSON error body quoting the header']!(request, secretKey);
    const error = await createClient({ merchantId: '1', secretKey, environment: 'sandbox', fetch, retries: 0 }).listPayments().catch((e: unknown) => e);
    expect(JSON.stringify(error)).toContain('[REDACTED]');
  });
});
