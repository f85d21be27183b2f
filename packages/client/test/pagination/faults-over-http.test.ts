// 1,000 payments served by a real node:http server that drops a connection mid-body, stalls one
// answer and rate-limits once: the walk, through the default transport, still yields each payment once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { CREDENTIALS, retriesIn } from '../helpers/client.js';
import { recordingLogger } from '../helpers/logger.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { pageOf, pageRequest, payments } from '../helpers/payments-api.js';

const records = payments(1000);
let server: TestServer;

beforeAll(async () => {
  server = await startServer((req, res, index) => {
    const body = JSON.stringify(pageOf(records, pageRequest(req.url!), { pageCap: index % 2 ? 90 : 120 }));
    if (index === 2) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      res.write(body.slice(0, 100), () => res.socket?.destroy()); // dropped mid-body
    } else if (index === 4) {
      // never answers: a read timeout
    } else if (index === 6) {
      res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' });
      res.end('{"errorCode":"rate_limited","errorId":"x","message":"slow down","httpStatusCode":429}');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    }
  });
});
afterAll(() => server.close());

describe('iteratePayments over HTTP with faults', () => {
  it('loses nothing and yields nothing twice', async () => {
    const { logger, lines } = recordingLogger();
    // The read deadline is the stall's cost; shorter, an event loop held up on a busy machine lets it
    // fire before the reset it should lose to.
    const client = createClient({ ...CREDENTIALS, baseUrl: server.url, retries: 3, timeouts: { connectMs: 2000, readMs: 2000 }, logger });
    const ids: string[] = [];
    for await (const item of client.iteratePayments({ limit: 120 })) ids.push(item.id);
    expect(ids).toEqual(records.map((record) => record.id));
    expect(server.requests.length).toBeGreaterThan(Math.ceil(1000 / 120) + 3); // short pages and three retried faults
    // One retry per fault: the body cut off, the stall, the 429.
    expect(retriesIn(lines).map((line) => line.replace(/^.*? after /, ''))).toEqual([
      expect.stringMatching(/: aborted \(ECONNRESET\)$/),
      expect.stringMatching(/: read timed out after 2000 ms$/),
      'HTTP 429',
    ]);
  });
});
