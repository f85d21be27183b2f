// How the node:http host reads a request (src/hosts/node/request.ts), in this process: header lines
// joined as Fetch joins them, two Host lines refused, and the request target in origin or absolute
// form (RFC 9112, section 3.2). targets-and-lines.test.ts sends the same over a socket.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SandboxHttpError } from '../../src/engine/errors.js';
import { readNodeRequest, targetUrl } from '../../src/hosts/node/request.js';

/** What readNodeRequest reads of node:http's request: the method, the target and the raw header lines. */
const incoming = (method: string, url: string, rawHeaders: string[]) => ({ method, url, rawHeaders }) as unknown as IncomingMessage;

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return error instanceof SandboxHttpError ? [error.status, error.errorCode, error.message] : error;
  }
  return 'read';
};

describe('readNodeRequest', () => {
  it('joins a header sent on several lines, whatever the case of its name, as Fetch does; null for one not sent', () => {
    const read = readNodeRequest(incoming('GET', '/v2/payments?limit=1', ['Host', 'h', 'Accept', 'text/html', 'accept', 'application/json', 'X-One', 'a']));
    expect([read.method, read.target, read.url.pathname, read.url.search]).toEqual(['GET', '/v2/payments?limit=1', '/v2/payments', '?limit=1']);
    expect([read.header('accept'), read.header('x-one'), read.header('host'), read.header('authorization')]).toEqual([
      'text/html, application/json',
      'a',
      'h',
      null,
    ]);
  });

  it('refuses two Host lines with 400', () => {
    expect(refusal(() => readNodeRequest(incoming('GET', '/ping', ['Host', 'a', 'host', 'b'])))).toEqual([400, 'bad_request', 'Host must be sent once.']);
  });
});

describe('targetUrl', () => {
  it('reads the origin form as a path, even one that looks like an authority', () => {
    expect(targetUrl('//evil.example/v2/payments?x=1').href).toBe('http://sandbox.invalid//evil.example/v2/payments?x=1');
  });

  it('reads the absolute form, http or https in any case', () => {
    for (const target of ['http://a.example:8080/v2/payments', 'HTTPS://a.example/v2/payments'])
      expect(targetUrl(target).pathname, target).toBe('/v2/payments');
  });

  it.each([
    'http://user:secret@a.example/v2/payments',
    'http://:secret@a.example/',
    'http://user@a.example/',
    'http://[nope/',
    'ftp://a.example/http://b.example/',
    '*',
    'v2/payments',
  ])('refuses %j with 400', (target) => {
    expect(refusal(() => targetUrl(target))).toEqual([400, 'bad_request', 'The request target must be a path (/v2/payments) or an absolute http URL.']);
  });
});
