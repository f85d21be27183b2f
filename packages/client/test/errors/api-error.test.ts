import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  InternalServerError,
  MerchantApiError,
  MethodNotAllowedError,
  NotAcceptableError,
  NotFoundError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../src/index.js';
import { clientWith } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';

const body = (status: number) => ({ errorCode: 'error', errorId: '7d1e3a5c9f0b2468', message: `status ${status}`, httpStatusCode: status });

describe('ApiError.from picks the class by status', () => {
  it.each([
    [401, AuthenticationError],
    [404, NotFoundError],
    [405, MethodNotAllowedError],
    [406, NotAcceptableError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [503, InternalServerError],
    [599, InternalServerError],
  ])('%i', (status, Class) => {
    const error = ApiError.from(status, body(status), { 'x-test': '1' });
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(MerchantApiError);
    expect(error.name).toBe(Class.name);
    expect(error.status).toBe(status);
  });

  it.each([400, 403, 409, 418])('%i (no dedicated class) is a plain ApiError', (status) => {
    const error = ApiError.from(status, body(status));
    expect(error.constructor).toBe(ApiError);
    expect(error.name).toBe('ApiError');
  });
});

describe('ApiError carries what the service sent', () => {
  it('status, errorCode, errorId, message, httpStatusCode and the headers', async () => {
    const { client } = clientWith(() =>
      json(
        { errorCode: 'unauthorized', errorId: 'cf-worker', message: 'unauthorized - Unable to route request from Cloudflare.', httpStatusCode: 401 },
        { status: 401, headers: { 'cf-ray': '8a1b2c3d4e5f-SYD' } },
      ),
    );
    const error = (await client.listPayments().catch((caught: unknown) => caught)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({
      status: 401,
      errorCode: 'unauthorized',
      errorId: 'cf-worker',
      message: 'unauthorized - Unable to route request from Cloudflare.',
      httpStatusCode: 401,
      bodyExcerpt: undefined,
    });
    expect(error.headers['cf-ray']).toBe('8a1b2c3d4e5f-SYD');
    expect(String(error)).toBe('AuthenticationError: unauthorized - Unable to route request from Cloudflare.');
  });

  it('an HTML page from a proxy still gives an ApiError with the status and a short, tag-free excerpt', async () => {
    const html = `<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center>${'<p>padding</p>'.repeat(100)}<hr>cloudflare</body></html>`;
    const { client } = clientWith(() => new Response(html, { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = (await client.listPayments().catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(502);
    expect(error.errorCode).toBeUndefined();
    expect(error.bodyExcerpt).toMatch(/^502 Bad Gateway 502 Bad Gateway padding/);
    expect(error.bodyExcerpt!.length).toBeLessThanOrEqual(201);
    expect(error.message).toContain('HTTP 502: 502 Bad Gateway');
  });

  it('an empty error body still gives an ApiError with the status', async () => {
    const { client } = clientWith(() => new Response(null, { status: 503 }));
    const error = (await client.getConfiguration().catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, bodyExcerpt: '', message: 'HTTP 503 with an empty body' });
  });

  it('a 200 whose body is not JSON is an ApiError, not a SyntaxError', async () => {
    const { client } = clientWith(() => new Response('<html>maintenance</html>', { status: 200 }));
    const error = (await client.listPayments().catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, bodyExcerpt: 'maintenance' });
  });

  it('a 4xx other than those mapped is thrown as ApiError too', async () => {
    const { client } = clientWith(() => json(body(403), { status: 403 }));
    await expect(client.listPayments()).rejects.toMatchObject({ name: 'ApiError', status: 403, errorId: '7d1e3a5c9f0b2468' });
  });
});

describe('ping', () => {
  it('resolves when the body is pong, surrounding whitespace allowed', async () => {
    const { client } = clientWith(() => new Response('pong\n'));
    await expect(client.ping()).resolves.toBeUndefined();
  });

  it('throws when a 200 answer is not pong', async () => {
    const { client } = clientWith(() => new Response('<html>captive portal</html>'));
    await expect(client.ping()).rejects.toMatchObject({ name: 'ApiError', status: 200, bodyExcerpt: 'captive portal' });
  });

  it('throws a typed error on 405', async () => {
    const { client } = clientWith(() => new Response(null, { status: 405 }));
    await expect(client.ping()).rejects.toBeInstanceOf(MethodNotAllowedError);
  });
});
