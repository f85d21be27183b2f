// The sandbox in a real Service Worker in Chromium: the built dist/service-worker.js, installed at
// <site>/sandbox/ on a page served under a sub-path with the network cut off. It answers the
// equivalence set as the node:http host does (status, headers, body; errorId aside), emulates the
// socket faults as a fetch caller sees them on node:http, and posts the page one log entry per request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_LOG_MESSAGE } from '../../src/service-worker.js';
import { openServiceWorkerSite, SUB_PATH, type ServiceWorkerSite } from '../helpers/service-worker-site.js';
import { EQUIVALENCE_REQUESTS, EQUIVALENCE_SANDBOX } from './requests.js';
import { normalise, replayOnNodeHttp, type Observed } from './replay.js';

let site: ServiceWorkerSite;
let reference: Observed[];
let observed: Observed[];
beforeAll(async () => {
  site = await openServiceWorkerSite(EQUIVALENCE_SANDBOX);
  [reference, observed] = await Promise.all([
    replayOnNodeHttp(EQUIVALENCE_REQUESTS, EQUIVALENCE_SANDBOX),
    site.replay(EQUIVALENCE_REQUESTS).then((answers) => answers.map(({ status, headers, body }) => normalise(status, new Headers(headers), body))),
  ]);
}, 120_000);
afterAll(() => site?.close());

describe('a Service Worker in Chromium answers as the node:http host', () => {
  it.each(EQUIVALENCE_REQUESTS.map((entry, at) => [entry.name, at] as const))('%s', (_, at) => {
    expect(observed[at]).toEqual(reference[at]);
  });

  it('answered every request itself: none reached the network', () => {
    expect(site.served).toEqual([]);
  });
});

describe('the request log', () => {
  it('has one entry per request, posted to the page, with the method, the path and query as the worker received them, and the status', async () => {
    const logged = (await site.logged()) as Array<{ type: string; entry: { method: string; target: string; status: number } }>;
    expect(logged).toHaveLength(EQUIVALENCE_REQUESTS.length);
    const sent = (target: string) => {
      const url = new URL(`http://x${SUB_PATH}sandbox${target.replace('{origin}', '')}`);
      return url.pathname + url.search;
    };
    expect(logged.map(({ type, entry }) => [type, entry.method, entry.target, entry.status])).toEqual(
      EQUIVALENCE_REQUESTS.map((entry, at) => [SANDBOX_LOG_MESSAGE, entry.method, sent(entry.target), observed[at]!.status]),
    );
  });
});

describe('faults that need a socket, emulated in the worker as fetch shows them on node:http', () => {
  it('reset: the page\'s fetch rejects with a TypeError (a network error)', async () => {
    expect(await site.outcome('/v2/payments', 'reset')).toMatchObject({ outcome: 'rejected', error: 'TypeError' });
  });

  it('stall: no answer until the page aborts, which rejects with its reason', async () => {
    expect(await site.outcome('/v2/payments', 'stall', 300)).toMatchObject({ outcome: 'rejected', error: 'TimeoutError' });
  });

  it('slow-body: the status at once, the body in pieces over about a second', async () => {
    const slow = await site.outcome('/v2/payments?limit=5', 'slow-body');
    expect(slow).toMatchObject({ outcome: 'answered', status: 200 });
    expect(slow.pieceTimes.length).toBeGreaterThan(5);
    expect(slow.pieceTimes.at(-1)! - slow.pieceTimes[0]!).toBeGreaterThan(500);
    expect(JSON.parse(slow.body).results).toHaveLength(5);
  });
});
