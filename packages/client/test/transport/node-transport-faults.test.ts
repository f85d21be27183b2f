// Fault tests against real local servers, through the default node:http transport (no injected fetch).
import { Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionError, createClient, InternalServerError, TimeoutError, type ClientOptions } from '../../src/index.js';
import { armDeadlines } from '../../src/attempt.js';
import { createLog } from '../../src/logger.js';
import { nodeAttempt } from '../../src/node-transport.js';
import { createRedactor } from '../../src/redact.js';
import { createTransport, DEFAULT_TIMEOUTS } from '../../src/transport.js';
import { CREDENTIALS, EMPTY_PAGE, retriesIn } from '../helpers/client.js';
import { recordingLogger } from '../helpers/logger.js';
import { refusedPort, serverPerTest } from '../helpers/http-server.js';

const serve = serverPerTest(afterEach);

const log = recordingLogger();
afterEach(() => void log.lines.splice(0));
const client = (baseUrl: string, options: Partial<ClientOptions> = {}) =>
  createClient({ ...CREDENTIALS, baseUrl, retries: 0, timeouts: { connectMs: 2000, readMs: 400 }, logger: log.logger, ...options } as ClientOptions);

describe('timeouts say which phase ran out', () => {
  it('a server that accepts and never answers is a read timeout', async () => {
    const server = await serve(() => {});
    const error = await client(server.url)
      .listPayments()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: 'read' });
    expect((error as Error).message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v2\/payments: read timed out after 400 ms$/);
  });

  it('a body that stalls after the headers is a read timeout: the limit covers the whole body', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"totalResults":');
    });
    await expect(client(server.url).listPayments()).rejects.toMatchObject({ name: 'TimeoutError', phase: 'read' });
  });

  it('a connection that never opens is a connect timeout', async () => {
    // A DNS lookup that never answers keeps the socket connecting, without needing an unreachable host.
    const agent = new Agent({ lookup: (() => {}) as never });
    const outgoing = { request: new Request('http://never-resolves.test/v2/payments'), added: {} };
    // The node:http sender under the transport's deadlines, with an agent whose DNS never answers.
    const controller = new AbortController();
    const deadlines = armDeadlines(controller, { ...DEFAULT_TIMEOUTS, connectMs: 50 }, Date.now() + 60_000);
    const head = nodeAttempt(outgoing, controller.signal, deadlines.connected, 1024, agent);
    await expect(head).rejects.toMatchObject({ phase: 'connect' });
    deadlines.clear();
    agent.destroy();
  });

  it('a read deadline later than the connect deadline still waits for its own time (one timer, moved when it fires early)', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const deadlines = armDeadlines(controller, { connectMs: 30, readMs: 120, totalMs: 60_000 }, started + 60_000);
    deadlines.connected();
    await new Promise((resolve) => controller.signal.addEventListener('abort', resolve));
    expect(Date.now() - started).toBeGreaterThanOrEqual(119);
    expect(controller.signal.reason).toMatchObject({ phase: 'read', message: 'read timed out after 120 ms' });
  });

  it('the call deadline cuts an attempt short, with phase total', async () => {
    const controller = new AbortController();
    const deadlines = armDeadlines(controller, { connectMs: 10_000, readMs: 10_000, totalMs: 40 }, Date.now() + 40);
    deadlines.connected();
    await new Promise((resolve) => controller.signal.addEventListener('abort', resolve));
    expect(controller.signal.reason).toMatchObject({ phase: 'total', message: 'total timed out after 40 ms' });
  });

  it('on a kept-alive socket the read deadline applies from the start', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/ping') res.end('pong');
    });
    const api = client(server.url);
    await api.ping();
    await expect(api.listPayments()).rejects.toMatchObject({ name: 'TimeoutError', phase: 'read' });
  });

  it('each attempt gets its own deadline: a retry after a timeout can succeed', async () => {
    const server = await serve((_, res, index) => {
      if (index > 0) res.end(JSON.stringify(EMPTY_PAGE));
    });
    await expect(client(server.url, { retries: 1 }).listPayments()).resolves.toEqual(EMPTY_PAGE);
    expect(server.requests).toHaveLength(2);
    expect(retriesIn(log.lines)).toEqual([expect.stringMatching(/ after GET \S+: read timed out after 400 ms$/)]);
  });
});

describe('connection failures', () => {
  it('a port that refuses connections is a ConnectionError naming the cause', async () => {
    const port = await refusedPort();
    const error = await client(`http://127.0.0.1:${port}`)
      .ping()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('a reset before the headers is retried', async () => {
    const server = await serve((_, res, index) => {
      if (index === 0) res.socket?.destroy();
      else res.end(JSON.stringify(EMPTY_PAGE));
    });
    await expect(client(server.url, { retries: 1 }).listPayments()).resolves.toEqual(EMPTY_PAGE);
    expect(server.requests).toHaveLength(2);
    expect(retriesIn(log.lines)).toEqual([expect.stringMatching(/ after GET \S+: socket hang up \(ECONNRESET\)$/)]);
  });
});

describe('a flaky server', () => {
  it('is retried with the delays its Retry-After asks for, then answers', async () => {
    const server = await serve((_, res, index) => {
      if (index < 2) {
        res.writeHead(503, { 'retry-after': String(2 - index), 'content-type': 'text/html' });
        res.end('<h1>Service Unavailable</h1>');
      } else res.end(JSON.stringify(EMPTY_PAGE));
    });
    const sleeps: number[] = [];
    const send = createTransport({
      redact: createRedactor([]),
      log: createLog(console, 'off'),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const response = await send(new Request(`${server.url}/v2/payments`), { retries: 2, timeouts: { ...DEFAULT_TIMEOUTS, connectMs: 1000, readMs: 1000 } });
    expect(response.status).toBe(200);
    expect(sleeps).toEqual([2000, 1000]);
    expect(server.requests).toHaveLength(3);
  });

  it('HTML error pages arrive as ApiError with the status and an excerpt', async () => {
    const server = await serve((_, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1><p>The upstream server is unreachable.</p></body></html>');
    });
    const error = await client(server.url)
      .getConfiguration()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, bodyExcerpt: '502 Bad Gateway The upstream server is unreachable.' });
  });
});

describe('keep-alive', () => {
  it('consecutive requests reuse one connection', async () => {
    const server = await serve((_, res) => res.end('pong'));
    const api = client(server.url);
    await api.ping();
    await api.ping();
    await api.ping();
    expect(server.requests).toHaveLength(3);
    expect(server.connections).toBe(1);
  });
});
