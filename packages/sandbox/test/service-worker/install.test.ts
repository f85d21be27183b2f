// installSandbox on a Service Worker's global scope, with a stand-in for the scope: it takes over at
// once (skipWaiting, clients.claim), answers only under its base URL (resolved against the worker
// script's URL) by the path below it, and refuses a base URL it cannot use. The real worker in
// Chromium is in test/equivalence/service-worker.test.ts.
import { describe, expect, it } from 'vitest';
import { installSandbox, type ServiceWorkerScope } from '../../src/service-worker.js';
import { SandboxOptionError } from '../../src/index.js';

function fakeWorker(href = 'https://docs.example/toolkit/sw.js') {
  const listeners = new Map<string, (event: any) => void>();
  const calls: string[] = [];
  const worker: ServiceWorkerScope = {
    location: { href },
    addEventListener: (type, listener) => void listeners.set(type, listener),
    skipWaiting: async () => void calls.push('skipWaiting'),
    clients: { claim: async () => void calls.push('claim'), get: async () => undefined },
  };
  const dispatch = (type: string, event: object) => listeners.get(type)!(event);
  /** The Response the worker answers `url` with, or undefined when it leaves the request to the network. */
  const fetchThrough = async (url: string, init?: RequestInit) => {
    let answered: Promise<Response> | undefined;
    dispatch('fetch', { request: new Request(url, init), clientId: '', respondWith: (response: Promise<Response>) => (answered = response) });
    return answered && (await answered);
  };
  return { worker, calls, dispatch, fetchThrough };
}

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

  it('refuses a base URL with a query, and bad sandbox options, naming the option', () => {
    expect(() => installSandbox(fakeWorker().worker, { baseUrl: './sandbox/?x=1' })).toThrow(
      new SandboxOptionError('baseUrl: must be a URL or a path such as ./sandbox/, without a query'),
    );
    expect(() => installSandbox(fakeWorker().worker, { baseUrl: './sandbox/', payments: -1 })).toThrow(/^payments: /);
  });
});
