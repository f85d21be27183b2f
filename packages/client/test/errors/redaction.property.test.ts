// Property: whatever the secret key, no thrown error, in any rendering a logger might use, contains the
// secret key, `merchantId:secretKey` or the Authorization value in any of the forms an echo takes on the
// way (base64 with and without padding, base64url, URL-encoded in either hex case, JSON-escaped), even
// when the server or the fetch echoes every one of them back. The forms are computed here, independently
// of the client's own list, so a form the client forgets to redact shows up.
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, MerchantApiError } from '../../src/index.js';
import type { FetchLike } from '../../src/transport.js';

const MERCHANT = '60032000';

/** Every form of the credentials an echo may carry, each under a name, for the failure message. */
function everyForm(secretKey: string): Record<string, string> {
  const pair = `${MERCHANT}:${secretKey}`;
  const base64 = Buffer.from(pair, 'utf8').toString('base64');
  const values: Record<string, string> = {
    secret: secretKey,
    pair,
    base64,
    'base64 unpadded': base64.replace(/=+$/, ''),
    base64url: base64.replace(/\+/g, '-').replace(/\//g, '_'),
    'base64url unpadded': Buffer.from(pair, 'utf8').toString('base64url'),
  };
  const forms: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    forms[name] = value;
    forms[`${name}, URL-encoded`] = encodeURIComponent(value);
    forms[`${name}, URL-encoded in lower-case hex`] = encodeURIComponent(value).replace(/%[\dA-F]{2}/g, (escape) => escape.toLowerCase());
    forms[`${name}, JSON-escaped`] = JSON.stringify(value).slice(1, -1);
    forms[`${name}, JSON-escaped with \\/`] = JSON.stringify(value).slice(1, -1).replace(/\//g, '\\/');
  }
  return forms;
}

/** The forms, one after another, each standing alone (not glued to a letter or digit). */
const echoOf = (secret: string) => Object.values(everyForm(secret)).join(' | ');

type Echo = (request: Request, secret: string) => Response | Promise<Response>;

// Ways a server, a proxy or a fetch library can reflect credentials back at the client.
const echoes: Record<string, Echo> = {
  'JSON error body quoting every form': (request, secret) =>
    Response.json(
      {
        errorCode: `bad ${echoOf(secret)}`,
        errorId: request.headers.get('authorization'),
        message: `got ${echoOf(secret)}`,
        httpStatusCode: 401,
        [secret]: secret,
      },
      { status: 401 },
    ),
  'HTML page dumping the request headers and every form': (request, secret) =>
    new Response(`<pre>${[...request.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}\n${echoOf(secret)}</pre>`, { status: 502 }),
  'response header echoing every form': (request, secret) =>
    new Response('{}', { status: 422, headers: { 'x-echo': `${request.headers.get('authorization')} | ${echoOf(secret)}` } }),
  'non-JSON 200 carrying every form': (_, secret) => new Response(`oops ${echoOf(secret)}`),
  'fetch throwing an error that holds the request and every form': (request, secret) => {
    throw Object.assign(new TypeError(`fetch failed for ${request.headers.get('authorization')} | ${echoOf(secret)}`), {
      request,
      cause: Object.assign(new Error(`socket hang up (${echoOf(secret)})`), { code: 'ECONNRESET', config: { headers: Object.fromEntries(request.headers) } }),
    });
  },
  'fetch that never answers (timeout)': () => new Promise<Response>(() => {}),
};

function renderings(error: unknown): string[] {
  const rendered = [String(error), JSON.stringify(error), inspect(error, { depth: 10, showHidden: true })];
  for (let cause = error as Error | undefined; cause; cause = cause.cause as Error | undefined) rendered.push(String(cause.stack), String(cause.message));
  return rendered;
}

// 12+ characters from a wide alphabet: `~ ? >` and non-ASCII put `+` and `/` in the base64, `+ / = % :`
// and spaces need URL-encoding with hex letters, `"` and `\` need JSON escapes.
const secrets = fc
  .string({ unit: fc.constantFrom(...[...'abcdefXYZ0189:+/=%~?> "\\é€😀']), minLength: 12, maxLength: 40 })
  .filter((s) => s.trim() === s && /[a-zX-Z]/.test(s));

describe('no thrown object leaks the credentials, in any form', () => {
  it('the generated secrets give forms that differ: base64 with + and /, padding, escapes in both hex cases', () => {
    const samples = fc.sample(secrets, { numRuns: 200, seed: 1 }).map(everyForm);
    const share = (test: (forms: Record<string, string>) => boolean) => samples.filter(test).length / samples.length;
    expect(share((forms) => forms.base64 !== forms.base64url)).toBeGreaterThan(0.5);
    expect(share((forms) => forms.base64 !== forms['base64 unpadded'])).toBeGreaterThan(0.5);
    expect(share((forms) => forms['base64, URL-encoded'] !== forms['base64, URL-encoded in lower-case hex'])).toBeGreaterThan(0.5);
    expect(share((forms) => forms['secret, URL-encoded'] !== forms['secret, URL-encoded in lower-case hex'])).toBeGreaterThan(0.5);
    expect(share((forms) => forms.secret !== forms['secret, JSON-escaped with \\/'])).toBeGreaterThan(0.2);
  });

  it.each(Object.entries(echoes))('%s', async (_, echo) => {
    await fc.assert(
      fc.asyncProperty(secrets, async (secretKey) => {
        const fetch: FetchLike = async (request) => echo(request, secretKey);
        const client = createClient({ merchantId: MERCHANT, secretKey, environment: 'sandbox', fetch, retries: 0, timeouts: { connectMs: 5, readMs: 5 } });
        const forms = Object.entries(everyForm(secretKey));
        for (const call of [() => client.listPayments(), () => client.getConfiguration({ include: 'publicid' })]) {
          const error = await call().then(
            () => undefined,
            (caught: unknown) => caught,
          );
          expect(error).toBeInstanceOf(MerchantApiError);
          for (const text of renderings(error)) {
            for (const [name, form] of forms) expect(text.includes(form), `${name} (${form}) in ${text.slice(0, 200)}`).toBe(false);
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('the echoes are really echoed: without redaction every form would appear', async () => {
    // Guards the property above against passing vacuously.
    const secretKey = 'visible-secret-0123~?>';
    const fetch: FetchLike = async (request) => echoes['JSON error body quoting every form']!(request, secretKey);
    const error = await createClient({ merchantId: MERCHANT, secretKey, environment: 'sandbox', fetch, retries: 0 })
      .listPayments()
      .catch((e: unknown) => e);
    const message = (error as Error).message;
    expect(message.match(/\[REDACTED\]/g)).toHaveLength(Object.keys(everyForm(secretKey)).length);
  });
});
