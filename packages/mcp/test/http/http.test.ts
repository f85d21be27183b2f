// --http: Streamable HTTP on 127.0.0.1, with the Host and Origin checks that stop DNS rebinding, and a
// process that stops on SIGINT and SIGTERM and leaves its port closed.
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../src/http.js';
import { type Running, startBin } from '../helpers/bin.js';

let server: Running;
let url: URL;
beforeAll(async () => {
  const started = await startBin(['--http'], /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp) \(sandbox in this process\)/);
  server = started;
  url = new URL(started.match[1]!);
});
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
});

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** A raw POST with the headers given (node:http, so Host can be anything). */
function post(headers: Record<string, string>, body = INITIALIZE): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('the SDK client over Streamable HTTP', () => {
  it('lists the tools and pings the sandbox', async () => {
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['ping', 'get_configuration', 'list_payments', 'summarise_payments']);
      expect((await client.callTool({ name: 'ping', arguments: {} })).structuredContent).toMatchObject({ source: { kind: 'sandbox' }, pong: true });
    } finally {
      await client.close();
    }
  });
});

describe('DNS-rebinding protection', () => {
  it('answers its own Host and Origin: 127.0.0.1 or localhost on its port', async () => {
    expect((await post({ host: `127.0.0.1:${url.port}` })).status).toBe(200);
    expect((await post({ host: `localhost:${url.port}`, origin: `http://localhost:${url.port}` })).status).toBe(200);
  });

  it.each([
    ['a foreign Host (a rebound name)', { host: 'attacker.example:PORT' }, 'Host not allowed'],
    ['its own name on another port', { host: '127.0.0.1:1' }, 'Host not allowed'],
    ['a foreign Origin', { origin: 'http://attacker.example' }, 'Origin not allowed'],
    ['the literal null Origin', { origin: 'null' }, 'Origin not allowed'],
    ['its own host over https', { origin: 'https://127.0.0.1' }, 'Origin not allowed'],
  ])('refuses %s with 403 before MCP sees it', async (_name, headers, message) => {
    const answer = await post({
      host: `127.0.0.1:${url.port}`,
      ...Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace('PORT', url.port)])),
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error.message).toContain(message);
  });

  it('the rule itself: exact host and port, origin absent or the same', () => {
    expect(refusal({ host: '127.0.0.1:8080' }, 8080)).toBeUndefined();
    expect(refusal({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' }, 8080)).toBeUndefined();
    expect(refusal({ host: '127.0.0.1.evil:8080' }, 8080)).toMatch(/Host/);
    expect(refusal({ host: undefined }, 8080)).toMatch(/Host/);
    expect(refusal({ host: 'localhost:8080', origin: 'http://localhost:8081' }, 8080)).toMatch(/Origin/);
  });

  it('only /mcp answers', async () => {
    const other = new URL('/other', url);
    const status = await new Promise<number>((resolve) => request(other, { method: 'POST' }, (response) => resolve(response.statusCode!)).end('{}'));
    expect(status).toBe(404);
  });
});

describe('stopping', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('on %s it exits %i and its port is closed', async (signal, code) => {
    const running = await startBin(['--http'], /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/);
    const own = new URL(running.match[1]!);
    running.child.kill(signal);
    expect(await running.exited).toBe(code);
    await expect(fetch(own, { method: 'POST', body: INITIALIZE })).rejects.toThrow();
  });
});
