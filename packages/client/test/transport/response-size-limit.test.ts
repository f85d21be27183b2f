// The response size cap at its boundary (README: "response bodies at maxResponseBytes ... counted after
// decompression while streaming, in both transports"): a body of exactly maxResponseBytes is read, one
// byte more is a ResponseTooLargeError, through the built-in node:http transport and through a caller's
// fetch (plain, and gzip-encoded: the cap counts inflated bytes).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, ResponseTooLargeError } from '../../src/index.js';

const CAP = 4096;
const PAGE = JSON.stringify({ totalResults: 0, offset: 0, limit: 20, results: [] });
/** A valid page of exactly `size` bytes: JSON allows the trailing spaces. */
const bodyOf = (size: number) => Buffer.from(PAGE + ' '.repeat(size - PAGE.length));

let server: Server;
let url: string;
beforeAll(async () => {
  // GET /v2/payments?size=N[&gzip]: a page of N bytes (before compression), in 500-byte writes.
  server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://test.invalid').searchParams;
    const body = bodyOf(Number(query.get('merchantReferences')));
    const gzip = query.get('statuses') === 'gzip';
    const sent = gzip ? gzipSync(body) : body;
    response.writeHead(200, { 'content-type': 'application/json', ...(gzip && { 'content-encoding': 'gzip' }) });
    for (let at = 0; at < sent.length; at += 500) response.write(sent.subarray(at, at + 500));
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// The node:http transport sends no Accept-Encoding and decodes nothing, so gzip goes through fetch only.
const transports = [
  ['the node:http transport', undefined, [['plain', 'identity']]],
  [
    "a caller's fetch",
    (request: Request) => fetch(request),
    [
      ['plain', 'identity'],
      ['gzip', 'gzip'],
    ],
  ],
] as const;

describe.each(transports)('the response size cap, %s', (_, callerFetch, encodings) => {
  // The size and the encoding ride in filters the server reads back; the client only sees a page.
  const page = (size: number, encoding: string) =>
    createClient({
      merchantId: '60032000',
      secretKey: 'test-secret-key-0123456789',
      baseUrl: url,
      retries: 0,
      maxResponseBytes: CAP,
      ...(callerFetch && { fetch: callerFetch }),
    }).listPayments({ merchantReferences: String(size), statuses: encoding });

  it.each(encodings)(`%s: a body of exactly ${CAP} bytes is read`, async (__, encoding) => {
    await expect(page(CAP, encoding)).resolves.toMatchObject({ totalResults: 0, results: [] });
  });

  it.each(encodings)(`%s: a body of ${CAP + 1} bytes is a ResponseTooLargeError`, async (__, encoding) => {
    const error = await page(CAP + 1, encoding).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ maxResponseBytes: CAP });
  });
});
