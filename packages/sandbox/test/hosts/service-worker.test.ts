// installSandbox on a Service Worker's global scope, in this process with a stand-in for the scope: it
// takes over at once (skipWaiting, clients.claim), answers only under its base URL (resolved against
// the worker script's URL) by the path below it, posts each request's log entry to the page that sent
// it, and refuses a base URL it cannot use. The real worker in Chromium is in
// test/equivalence/service-worker.test.ts.
import { describe, expect, it } from 'vitest';
import { installSandbox, SANDBOX_LOG_MESSAGE, type ServiceWorkerScope } from '../../src/service-worker.js';
import { SandboxOptionError, type RequestLogEntry } from '../../src/index.js';

/** A scope whose pages are the clients with an id in `pages` (each keeps what is posted to it); `calls` records the scope's calls. */
function fakeWorker(href = 'https://docs.example/toolkit/sw.js', pages: Record<string, unknown[]> = {}) {
  const listeners = new Map<string, (event: any) => void>();
  const calls: string[] = [];
  const worker: ServiceWorkerScope = {
    location: { href },
    addEventListener: (type, listener) => void listeners.set(type, listener),
    skipWaiting: async () => void calls.push('skipWaiting'),
    clients: {
      claim: async () => void calls.push('claim'),
      get: async (id) => {
        calls.push(`get ${id}`);
        const posted = pages[id];
        return posted && { postMessage: (message: unknown) => void posted.push(message) };
      },
    },
  };
  const dispatch = (type: string, event: object) => listeners.get(type)!(event);
  /** The Response the worker answers `url` with (sent by the page `clientId`), or undefined when it leaves the request to the network. */
  const fetchThrough = async (url: string, init?: RequestInit, clientId = '') => {
    let answered: Promise<Response> | undefined;
    dispatch('fetch', { request: new Request(url, init), clientId, respondWith: (response: Promise<Response>) => (answered = response) });
    return answered && (await answered);
  };
  return { worker, calls, dispatch, fetchThrough };
}

/** Lets the posts that follow an answer (after clients.get) run. */
const posted = () => new Promise((resolve) => setImmediate(resolve));

describe('installSandbox', () => {
  it('takes over at once: skipWaiting on install, clients.claim on activate', async () => {
    const { worker, calls, dispatch } = fakeWorker();
    installSandbox(worker, { baseUrl: './sandbox/' });
    const waits: Array<Promise<unknown>> = [];
    dispatch('install', { waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    dispatch('activate', { waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
    expect(calls).toEqual(['skipWaiting', 'claim']);
  });

  it('answers under its base URL by the path below it, and leaves every other request to the network', async () => {
    const { worker, fetchThrough } = fakeWorker();
    installSandbox(worker, { baseUrl: './sandbox', payments: 3 });
    const ping = await fetchThrough('https://docs.example/toolkit/sandbox/ping');
    expect([ping?.status, await ping?.text()]).toEqual([200, 'pong']);
    const page = await fetchThrough('https://docs.example/toolkit/sandbox/v2/payments', { headers: { Authorization: 'Basic MzI6YWJjZGVmZ2g=' } });
    expect((await page?.json())?.totalResults).toBe(3);
    for (const url of [
      'https://docs.example/toolkit/index.html',
      'https://docs.example/toolkit/sandboxes/ping',
      'https://docs.example/ping',
      'https://global-api.afterpay.com/ping',
    ]) {
      expect(await fetchThrough(url), url).toBeUndefined();
    }
  });

  it('takes a base URL given with its trailing slash, or as a full URL, as it is', async () => {
    for (const baseUrl of ['./sandbox/', 'https://docs.example/toolkit/sandbox/']) {
      const { worker, fetchThrough } = fakeWorker();
      installSandbox(worker, { baseUrl });
      const ping = await fetchThrough('https://docs.example/toolkit/sandbox/ping');
      expect([ping?.status, await ping?.text()], baseUrl).toEqual([200, 'pong']);
      expect(await fetchThrough('https://docs.example/toolkit/sandbox'), baseUrl).toBeUndefined();
    }
  });

  it("logs each request it answers, and posts the entry to the page that sent it as { type: 'merchant-ordering-sandbox:request', entry }", async () => {
    const pages = { 'page-1': [] as unknown[], 'page-2': [] as unknown[] };
    const { worker, calls, fetchThrough } = fakeWorker(undefined, pages);
    const logged: RequestLogEntry[] = [];
    installSandbox(worker, { baseUrl: './sandbox/', log: (entry) => logged.push(entry) });
    await fetchThrough('https://docs.example/toolkit/sandbox/ping?from=1', undefined, 'page-1');
    await fetchThrough('https://docs.example/toolkit/sandbox/v2/payments', undefined, 'page-2');
    await posted();
    expect(logged.map(({ method, target, status }) => [method, target, status])).toEqual([
      ['GET', '/toolkit/sandbox/ping?from=1', 200],
      ['GET', '/toolkit/sandbox/v2/payments', 401],
    ]);
    expect(pages).toEqual({
      'page-1': [{ type: 'merchant-ordering-sandbox:request', entry: logged[0] }],
      'page-2': [{ type: 'merchant-ordering-sandbox:request', entry: logged[1] }],
    });
    expect(SANDBOX_LOG_MESSAGE).toBe('merchant-ordering-sandbox:request');
    expect(calls.filter((call) => call.startsWith('get '))).toEqual(['get page-1', 'get page-2']);
  });

  it('posts nothing for a request no page sent (a navigation: no clientId), nor to a page that has gone, and still answers', async () => {
    const { worker, calls, fetchThrough } = fakeWorker();
    const logged: RequestLogEntry[] = [];
    installSandbox(worker, { baseUrl: './sandbox/', log: (entry) => logged.push(entry) });
    const navigation = await fetchThrough('https://docs.example/toolkit/sandbox/ping');
    const gone = await fetchThrough('https://docs.example/toolkit/sandbox/ping', undefined, 'closed-tab');
    await posted();
    expect([navigation?.status, gone?.status, logged.length]).toEqual([200, 200, 2]);
    expect(calls).toEqual(['get closed-tab']);
  });

  it('posts to the page with no log option given', async () => {
    const pages = { 'page-1': [] as unknown[] };
    const { worker, fetchThrough } = fakeWorker(undefined, pages);
    installSandbox(worker, { baseUrl: './sandbox/' });
    await fetchThrough('https://docs.example/toolkit/sandbox/ping', undefined, 'page-1');
    await posted();
    expect(pages['page-1']).toEqual([
      { type: 'merchant-ordering-sandbox:request', entry: expect.objectContaining({ target: '/toolkit/sandbox/ping', status: 200 }) },
    ]);
  });

  it('refuses a base URL with a query or a fragment, or that is no URL, and bad sandbox options, naming the option', () => {
    for (const baseUrl of ['./sandbox/?x=1', './sandbox/#x', 'https://[docs.example/'])
      expect(() => installSandbox(fakeWorker().worker, { baseUrl }), baseUrl).toThrow(
        new SandboxOptionError('baseUrl: must be a URL or a path such as ./sandbox/, without a query'),
      );
    expect(() => installSandbox(fakeWorker().worker, { baseUrl: './sandbox/', payments: -1 })).toThrow(/^payments: /);
  });
});
