// Aborts, deadlines and walk cancellation against a real node:http server, through the default
// node:http transport: nothing is sent after the end, nothing is left waiting, nothing goes unhandled.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortError, createClient, type ClientOptions, RateLimitError } from '../../src/index.js';
import { CREDENTIALS } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { pageOf, pageRequest, payments } from '../helpers/payments-api.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const records = payments(100);

/** Page 0 at once; every other page a 429 asking to come back in 30 s, so prefetched pages sit in retry waits. */
async function rateLimitedAfterFirstPage() {
  const server = await startServer((req, res) => {
    const page = pageRequest(req.url!);
    if (page.offset === 0) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(pageOf(records, page)));
    } else {
      res.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' });
      res.end('{"errorCode":"rate_limited"}');
    }
  });
  servers.push(server);
  return server;
}

const client = (baseUrl: string, options: Partial<ClientOptions> = {}) =>
  createClient({ ...CREDENTIALS, baseUrl, logLevel: 'off', ...options } as ClientOptions);
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('leaving a walk aborts the pages in flight and their retry waits', () => {
  it('break: no request is sent afterwards', async () => {
    const server = await rateLimitedAfterFirstPage();
    for await (const payment of client(server.url).iteratePayments({ limit: 10 })) {
      expect(payment.id).toBe(records[0]!.id);
      await settle(); // the prefetched pages meet their 429 and start waiting
      break;
    }
    const sent = server.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests.length).toBe(sent);
    expect(sent).toBe(3); // page 0 and the two prefetched pages, each tried once
  });

  it('throw out of the loop: the error is the caller’s, and nothing more is sent', async () => {
    const server = await rateLimitedAfterFirstPage();
    const walk = async () => {
      for await (const _ of client(server.url).iteratePayments({ limit: 10 })) {
        await settle();
        throw new Error('caller gave up');
      }
    };
    await expect(walk()).rejects.toThrow('caller gave up');
    const sent = server.requests.length;
    await settle();
    expect(server.requests.length).toBe(sent);
  });

  it('toArray reaching max ends the walk', async () => {
    const server = await rateLimitedAfterFirstPage();
    const started = Date.now();
    expect(await client(server.url).iteratePayments({ limit: 10 }).toArray({ max: 10 })).toHaveLength(10);
    expect(Date.now() - started).toBeLessThan(10_000); // not waiting out a 30 s Retry-After
  });

  it("the walk's signal aborts it with AbortError, while pages wait to be retried", async () => {
    const server = await rateLimitedAfterFirstPage();
    const controller = new AbortController();
    const walk = async () => {
      for await (const payment of client(server.url).iteratePayments({ limit: 10 }, { signal: controller.signal })) void payment;
    };
    // Abort once page 0 and the two prefetched pages have reached the server and the 429s sit in their
    // retry waits (a fixed delay would race a slow machine).
    void (async () => {
      while (server.requests.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      await settle();
      controller.abort(new Error('shutting down'));
    })();
    const error = await walk().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).cause).toEqual(new Error('shutting down'));
    const sent = server.requests.length;
    await settle();
    expect(server.requests.length).toBe(sent);
    expect(sent).toBe(3);
  });

  it('a Retry-After past the total deadline ends a call at once with the 429', async () => {
    const server = await rateLimitedAfterFirstPage();
    const error = await client(server.url, { timeouts: { totalMs: 5000 } })
      .listPayments({ offset: 10 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(server.requests).toHaveLength(1);
  });

  it('an abort mid-request destroys the request on the server side too', async () => {
    let closed = false;
    const server = await startServer((req) => req.socket.once('close', () => (closed = true)));
    servers.push(server);
    const controller = new AbortController();
    const call = client(server.url).listPayments({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toBeInstanceOf(AbortError);
    await settle();
    expect(closed).toBe(true);
  });
});

describe('a script that breaks out of a walk', () => {
  const dist = new URL('../../dist/index.js', import.meta.url);

  it('exits at once under --unhandled-rejections=strict, with nothing left running', async () => {
    if (!existsSync(dist)) throw new Error('dist/ is missing: run `pnpm --filter @merchant-ordering/client build` first');
    const server = await rateLimitedAfterFirstPage();
    const script = `
      import { createClient } from ${JSON.stringify(dist.href)};
      const client = createClient({ merchantId: '60032000', secretKey: 'test-secret-key-0123456789', baseUrl: process.env.BASE_URL });
      for await (const payment of client.iteratePayments({ limit: 10 })) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        break;
      }
      console.log('left the walk');
    `;
    const started = Date.now();
    const child = spawn(process.execPath, ['--unhandled-rejections=strict', '--input-type=module', '-e', script], {
      env: { ...process.env, BASE_URL: server.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (errors += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(output.trim()).toBe('left the walk');
    // Only the default logger's retry warnings: no unhandled rejection, no stack.
    for (const line of errors.trim().split('\n')) expect(line).toMatch(/^\[@merchant-ordering\/client\] retrying GET /);
    expect(code).toBe(0);
    // The prefetched pages were told to wait 30 s; the process did not wait for them.
    expect(Date.now() - started).toBeLessThan(15_000);
    const sent = server.requests.length;
    await settle();
    expect(server.requests.length).toBe(sent);
  });
});
