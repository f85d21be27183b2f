// Regression tests for the findings of the adversarial review (issue 12), one describe per finding.
// Each failed before its fix.
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, createClient, type ClientOptions, PaginationError, ResponseTooLargeError, ValidationError } from '../../src/index.js';
import { rawClient } from '../../src/raw.js';
import { createRedactor, secretForms } from '../../src/redact.js';
import { retryDelayMs } from '../../src/transport.js';
import { basicAuthorization } from '../../src/auth.js';
import { clientWith, CREDENTIALS, EMPTY_PAGE } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';
import { serverPerTest } from '../helpers/http-server.js';
import { payment, payments } from '../helpers/payments-api.js';

const serve = serverPerTest(afterEach);

// Chosen so that every form differs from every other: the base64 of `60032000:${SECRET}` has `+`, `/`
// and `==` padding, and the secret itself URL-encodes with hex letters (%2B, %2F, %3D, %3F, %3E).
const SECRET = 'sk_Live+~~~/4567=?>';
const MERCHANT = '60032000';
const base64 = basicAuthorization(MERCHANT, SECRET).slice(6);
const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const lowerHex = (text: string) => text.replace(/%[\dA-F]{2}/g, (escape) => escape.toLowerCase());

describe('secrets: every echoed form is redacted', () => {
  const redact = createRedactor(secretForms(MERCHANT, SECRET, base64));
  const forms: [string, string][] = [
    ['base64 with padding', base64],
    ['base64 without padding', base64.replace(/=+$/, '')],
    ['base64url', base64.replace(/\+/g, '-').replace(/\//g, '_')],
    ['base64url without padding', base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')],
    ['URL-encoded base64 (%3D padding)', encodeURIComponent(base64)],
    ['URL-encoded base64 with lower-case hex', lowerHex(encodeURIComponent(base64))],
    ['the secret URL-encoded', encodeURIComponent(SECRET)],
    ['the secret URL-encoded with lower-case hex', lowerHex(encodeURIComponent(SECRET))],
    ['the secret JSON-escaped with escaped slashes', SECRET.replace(/\//g, '\\/')],
    ['merchantId:secretKey in clear', `${MERCHANT}:${SECRET}`],
    ['the Authorization header URL-encoded', `Basic%20${encodeURIComponent(base64)}`],
  ];

  it('the forms really differ from one another, so no case passes on another’s behalf', () => {
    expect(base64).toMatch(/\+.*\/|\/.*\+/);
    expect(base64).toMatch(/==$/);
    expect(new Set(forms.map(([, form]) => form)).size).toBe(forms.length);
  });

  it.each(forms)('%s', (_, echoed) => {
    expect(redact(`echo: ${echoed} .`)).not.toContain(echoed.replace(/^Basic%20/, ''));
    expect(redact(`echo: ${echoed} .`)).toContain('[REDACTED]');
  });

  it('an error body echoing the Authorization value URL-encoded is thrown redacted', async () => {
    const { client } = clientWith((request) => new Response(`<p>auth=${encodeURIComponent(request.headers.get('authorization')!)}</p>`, { status: 400 }), {
      merchantId: MERCHANT,
      secretKey: SECRET,
    });
    const error = (await caught(client.listPayments())) as ApiError;
    expect(JSON.stringify(error)).not.toMatch(/c2tfTGl2ZS|sk_Live/);
    expect(error.bodyExcerpt).toContain('[REDACTED]');
  });
});

describe('secrets: only values are redacted, never names, and text is not mangled', () => {
  it('a short secret leaves header names and URLs intact, and building the error does not throw', async () => {
    const { client } = clientWith(() => json({ message: 'no', errorCode: 'x' }, { status: 404, headers: { 'cf-ray': '8a0bca' } }), { secretKey: 'a' } as never);
    const error = (await caught(client.listPayments())) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(Object.keys(error.headers)).toContain('cf-ray');
    expect(error.headers['cf-ray']).toBe('8a0bca');
    const redact = createRedactor(secretForms('32', 'a', basicAuthorization('32', 'a').slice(6)));
    expect(redact('GET /v2/payments failed: a')).toBe('GET /v2/payments failed: [REDACTED]');
  });
});

describe('secrets: rawClient gets the same redaction', () => {
  it('error bodies and header values returned by raw are redacted', async () => {
    const { client } = clientWith((request) =>
      json({ message: `you sent ${request.headers.get('authorization')}` }, { status: 401, headers: { 'x-echo': CREDENTIALS.secretKey } }),
    );
    const { error, response } = await rawClient(client).GET('/v2/payments');
    expect(JSON.stringify(error)).not.toContain(basicAuthorization(CREDENTIALS.merchantId, CREDENTIALS.secretKey).slice(6));
    expect(JSON.stringify(error)).toContain('[REDACTED]');
    expect(response.headers.get('x-echo')).toBe('[REDACTED]');
  });
});

describe('secrets: credentials go only to the configured origin', () => {
  it('a per-request baseUrl elsewhere gets no Authorization', async () => {
    const { client, fetch } = clientWith();
    await rawClient(client).GET('/v2/payments', { baseUrl: 'http://api.example.com' });
    expect(fetch.requests[0]!.url).toMatch(/^http:\/\/api\.example\.com\//);
    expect(fetch.requests[0]!.headers.has('authorization')).toBe(false);
  });
});

describe('secrets: control characters in the secret are refused at construction', () => {
  it.each([
    ['a trailing newline', 'secret-key-from-file\n'],
    ['a NUL', 'sec\u0000ret'],
    ['a tab', 'sec\tret'],
  ])('%s', (_, secretKey) => {
    const error = (() => {
      try {
        createClient({ merchantId: MERCHANT, secretKey, environment: 'sandbox' });
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toMatchObject({ name: 'ValidationError', param: 'secretKey', rule: 'format' });
    expect((error as Error).message).not.toContain(secretKey);
  });
});

describe('construction: header-bound options', () => {
  it.each([
    ['userAgent.plugin.name', { userAgent: { plugin: { name: 'Plügin', version: '1' } } }],
    ['userAgent.platform.name', { userAgent: { platform: { name: 'Shop\u202Eevil', version: '1' } } }],
    ['userAgent.siteUrl', { userAgent: { siteUrl: 'https://bücher.example' } }],
  ])('%s that a header cannot carry is refused, naming the option', (param, options) => {
    expect(() => createClient({ ...CREDENTIALS, environment: 'sandbox', ...options } as ClientOptions)).toThrow(
      expect.objectContaining({ param, rule: 'format' }),
    );
  });

  it('a non-ASCII merchant ID is sent percent-encoded in the User-Agent, and every call works', async () => {
    const { client, fetch } = clientWith(undefined, { merchantId: 'Ünïcödé' });
    await client.listPayments();
    expect(fetch.requests[0]!.headers.get('user-agent')).toContain('Merchant/%C3%9Cn%C3%AFc%C3%B6d%C3%A9');
  });
});

describe('responses: a size cap, counted after decompression while streaming', () => {
  it('a gzip bomb through a caller’s fetch fails with ResponseTooLargeError', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      res.end(bomb);
    });
    const client = createClient({ ...CREDENTIALS, baseUrl: server.url, fetch: (request) => fetch(request), maxResponseBytes: 1024 * 1024, retries: 0 });
    const error = await caught(client.listPayments());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ maxResponseBytes: 1024 * 1024 });
  });

  it('the node:http transport stops at the cap too', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = () => {
        while (res.write(chunk));
        res.once('drain', write);
      };
      write();
      res.on('error', () => {});
    });
    const client = createClient({ ...CREDENTIALS, baseUrl: server.url, maxResponseBytes: 256 * 1024, retries: 0 });
    await expect(client.listPayments()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('defaults to 16 MiB', async () => {
    const { DEFAULT_MAX_RESPONSE_BYTES } = await import('../../src/transport.js');
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(16 * 1024 * 1024);
  });
});

describe('responses: the shape of a page is checked', () => {
  it.each([
    ['a 200 without results', { totalResults: 5 }, /results is not an array/],
    ['totalResults -5', { totalResults: -5, results: [] }, /totalResults is -5/],
    ['totalResults null', { totalResults: null, results: [] }, /totalResults is null/],
    ['totalResults 2.5', { totalResults: 2.5, results: [] }, /totalResults is 2.5/],
    ['a record without an id', { totalResults: 2, results: [payment('a'), { ...payment('b'), id: undefined }] }, /a payment has no id/],
  ])('%s is an ApiError that says what was wrong, for listPayments and the walk', async (_, page, message) => {
    const { client } = clientWith(() => json(page));
    await expect(client.listPayments()).rejects.toThrow(message);
    const error = await caught(client.iteratePayments().toArray({ max: 10 }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toMatch(message);
  });
});

describe('responses: no raw exception reaches a caller', () => {
  it.each([
    ['a TypeError', () => Promise.reject(new TypeError('bad'))],
    ['a RangeError', () => Promise.reject(new RangeError('bad'))],
    ['a SyntaxError', () => Promise.reject(new SyntaxError('bad'))],
    ['a non-Error', () => Promise.reject(42)],
    ['something that is not a Response', () => Promise.resolve({} as Response)],
    ['a body stream that errors', () => Promise.resolve(new Response(new ReadableStream({ pull: (controller) => controller.error(new RangeError('boom')) })))],
    [
      'a body stream of strings, not bytes',
      () => Promise.resolve(new Response(new ReadableStream({ start: (controller) => controller.enqueue('text' as never) }))),
    ],
  ])('%s from a caller’s fetch becomes a ConnectionError', async (_, behaviour) => {
    const client = createClient({ ...CREDENTIALS, environment: 'sandbox', fetch: behaviour as never, retries: 0 });
    await expect(client.listPayments()).rejects.toBeInstanceOf(ConnectionError);
  });
});

describe('pagination: a walk that makes no progress ends', () => {
  it('a server that ignores offset ends the walk with PaginationError after 3 pages with nothing new', async () => {
    const records = payments(100);
    const { client, fetch } = clientWith(() => json({ totalResults: 2901, offset: 0, limit: 100, results: records }));
    const seen: string[] = [];
    const error = await caught(
      (async () => {
        for await (const item of client.iteratePayments({ limit: 100 })) seen.push(item.id);
      })(),
    );
    expect(error).toBeInstanceOf(PaginationError);
    expect(seen).toHaveLength(100);
    expect(new Set(seen).size).toBe(100);
    expect(fetch.requests.length).toBeLessThan(10);
  });

  it('one page with nothing new is tolerated (more payments arrived than a page holds)', async () => {
    const records = payments(30);
    const { client } = clientWith((request, call) => {
      const offset = Number(new URL(request.url).searchParams.get('offset'));
      // The second page repeats the first once; after that the service pages normally.
      const from = call === 2 ? 0 : offset;
      return json({ totalResults: 30, offset, limit: 10, results: records.slice(from, from + 10) });
    });
    const ids = (await client.iteratePayments({ limit: 10 }).toArray({ max: 100 })).map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('pagination: redirects are refused by both transports', () => {
  it('the built-in transport: a 302 is an ApiError naming the status and the Location, nothing sent elsewhere', async () => {
    const other = await serve((_, res) => res.end(JSON.stringify(EMPTY_PAGE)));
    const server = await serve((_, res) => {
      res.writeHead(302, { location: `${other.url}/v2/payments` });
      res.end();
    });
    const error = await caught(createClient({ ...CREDENTIALS, baseUrl: server.url, retries: 0 }).listPayments());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 302 });
    expect((error as Error).message).toContain(`redirecting to ${other.url}/v2/payments`);
    expect(other.requests).toHaveLength(0);
  });

  it('a caller’s fetch: the request says redirect manual, so the other origin is never asked', async () => {
    const other = await serve((_, res) => res.end(JSON.stringify(EMPTY_PAGE)));
    const server = await serve((_, res) => {
      res.writeHead(302, { location: `${other.url}/v2/payments` });
      res.end();
    });
    const client = createClient({ ...CREDENTIALS, baseUrl: server.url, fetch: (request) => fetch(request), retries: 0 });
    await expect(client.listPayments()).rejects.toMatchObject({ status: 302 });
    await expect(rawClient(client).GET('/v2/payments')).rejects.toMatchObject({ status: 302 });
    expect(other.requests).toHaveLength(0);
  });
});

describe('query: only own properties are read', () => {
  it('a polluted Object.prototype or an inherited property is not a filter', async () => {
    const { client, fetch } = clientWith();
    const query = Object.create({ statuses: 'DECLINED' }) as Record<string, unknown>;
    query.limit = 5;
    await client.listPayments(query);
    expect(new URL(fetch.requests[0]!.url).search).toBe('?limit=5');
  });
});

describe('query: an overlong URL is refused before the network', () => {
  it('10,000 ids: a ValidationError naming ids, nothing sent', async () => {
    const { client, fetch } = clientWith();
    const error = await caught(client.listPayments({ ids: Array.from({ length: 10_000 }, (_, index) => `id-${index}`), limit: 5 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ param: 'ids', rule: 'maxUrlLength' });
    expect((error as Error).message.length).toBeLessThan(200);
    expect(fetch.requests).toHaveLength(0);
  });
});

describe('query: Retry-After is parsed strictly', () => {
  it.each([['0x10'], ['1e3'], ['16.5'], [' 2 seconds'], ['Wed, 21 Oct 2026 07:28:30']])('%j falls back to the backoff', (value) => {
    expect(retryDelayMs(1, value, () => 0)).toBe(1000);
  });

  it('digits and an IMF-fixdate are obeyed', () => {
    expect(retryDelayMs(0, '16', () => 0)).toBe(16_000);
    const now = () => Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(retryDelayMs(0, 'Wed, 21 Oct 2026 07:28:30 GMT', () => 0, now)).toBe(30_000);
  });
});
