// The sandbox in a real Service Worker in Chromium: the built dist/service-worker.js, installed at
// <site>/sandbox/ (and one more per credentials vector) on a page served under a sub-path with the
// network cut off. It answers the equivalence set as the node:http host does (status, headers, body;
// errorId aside), but for the requests a page cannot send (an Origin or Host of its own), emulates the
// socket faults as a fetch caller sees them on node:http, and posts the page one log entry per request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_LOG_MESSAGE } from '../../src/service-worker.js';
import { openServiceWorkerSite, SUB_PATH, type ServiceWorkerSite } from '../helpers/service-worker-site.js';
import { EQUIVALENCE_GROUPS } from './requests.js';
import { NAMED_CASES, normalise, pageCanSend, replayGroups, replayOnNodeHttp, type Observed } from './replay.js';

const SENDABLE = EQUIVALENCE_GROUPS.map((group) => ({ ...group, requests: group.requests.filter(pageCanSend) }));
const NAMED_SENDABLE = NAMED_CASES.filter(({ entry }) => pageCanSend(entry));

let site: ServiceWorkerSite;
let reference: Observed[];
let observed: Observed[];
beforeAll(async () => {
  site = await openServiceWorkerSite(SENDABLE.map((group) => group.options));
  reference = await replayGroups(replayOnNodeHttp, SENDABLE);
  observed = [];
  for (const [at, group] of SENDABLE.entries()) {
    const answers = await site.replay(group.requests, at);
    observed.push(...answers.map(({ status, headers, body }) => normalise(status, new Headers(headers), body)));
  }
}, 120_000);
afterAll(() => site?.close());

describe('a Service Worker in Chromium answers as the node:http host', () => {
  it('is sent every request a page can send: all but those with an Origin or Host of their own', () => {
    expect(NAMED_CASES.filter(({ entry }) => !pageCanSend(entry)).map(({ name }) => name)).toEqual(
      NAMED_CASES.filter(({ name }) => name.startsWith('CORS')).map(({ name }) => name),
    );
  });

  it.each(NAMED_SENDABLE.map(({ name }, at) => [name, at] as const))('%s', (_, at) => {
    expect(observed[at]).toEqual(reference[at]);
  });

  it('answered every request itself: none reached the network', () => {
    expect(site.served).toEqual([]);
  });
});

describe('the request log', () => {
  it('has one entry per request, posted to the page, with the method, the path and query as the worker received them, and the status', async () => {
    const logged = (await site.logged()) as Array<{ type: string; entry: { method: string; target: string; status: number } }>;
    const sent = (target: string, group: number) => {
      const url = new URL(`http://x${SUB_PATH}sandbox${group ? `-${group}` : ''}${target.replace('{origin}', '')}`);
      return url.pathname + url.search;
    };
    const expected = SENDABLE.flatMap((group, at) => group.requests.map((entry) => [SANDBOX_LOG_MESSAGE, entry.method, sent(entry.target, at)]));
    expect(logged.map(({ type, entry }) => [type, entry.method, entry.target])).toEqual(expected);
    expect(logged.map(({ entry }) => entry.status)).toEqual(observed.map(({ status }) => status));
  });
});

describe('faults that need a socket, emulated in the worker as fetch shows them on node:http', () => {
  it("reset: the page's fetch rejects with a TypeError (a network error)", async () => {
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
