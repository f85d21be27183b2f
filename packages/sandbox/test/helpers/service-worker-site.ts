// A small site on 127.0.0.1, served under a sub-path as GitHub Pages serves a project site, whose
// worker script is the built Service Worker entry (dist/service-worker.js, loaded as a module, no
// bundler) installed once per set of options: the first at `<site>/sandbox/`, the next ones at
// `<site>/sandbox-1/` and on. Its page can replay requests and faults through them. Chromium runs with
// every host but 127.0.0.1 resolving to nothing.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@merchant-ordering/test-kit/chromium';
import { serveStatic } from '@merchant-ordering/test-kit/static-server';
import type { Browser, Page } from 'playwright-core';
import type { SandboxOptions } from '../../src/index.js';
import type { FetchOutcome } from '../faults/fetch-outcome.js';
import type { RawRequest } from './sandbox.js';

export const SUB_PATH = '/toolkit/';

const WORKER = `import { installSandbox } from './dist/service-worker.js';
const sandboxes = JSON.parse(new URL(self.location.href).searchParams.get('sandboxes') ?? '[{}]');
sandboxes.forEach((options, at) => installSandbox(self, { ...options, baseUrl: at ? './sandbox-' + at + '/' : './sandbox/' }));
`;

// The page: registers the worker, waits until it controls the page, then offers replay() and outcome().
const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>sandbox in a Service Worker</title>
<script type="module">
  const baseOf = (at) => new URL(at ? './sandbox-' + at : './sandbox', location.href).href;
  window.logged = [];
  navigator.serviceWorker.addEventListener('message', (event) => window.logged.push(event.data));
  window.start = async (sandboxes) => {
    await navigator.serviceWorker.register('./sw.js?sandboxes=' + encodeURIComponent(JSON.stringify(sandboxes)), { type: 'module', scope: './' });
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  };
  const url = (target, at = 0) => baseOf(at) + (target.startsWith('{origin}') ? target.slice('{origin}'.length) : target);
  window.replay = async (entries, at) => {
    const observed = [];
    for (const { method, target, headers } of entries) {
      const sent = new Headers();
      for (const [name, value] of headers) sent.append(name, value);
      const response = await fetch(url(target, at), { method, headers: sent });
      observed.push({ status: response.status, headers: [...response.headers], body: await response.text() });
    }
    return observed;
  };
  window.outcome = async (target, fault, abortAfterMs) => {
    const started = performance.now();
    const signal = abortAfterMs ? AbortSignal.timeout(abortAfterMs) : undefined;
    let response;
    try {
      response = await fetch(url(target), { headers: { Authorization: 'Basic MzI6YWJjZGVmZ2g=', Accept: 'application/json', 'Sandbox-Fault': fault }, signal });
    } catch (error) {
      return { outcome: 'rejected', error: error.name, body: '', pieceTimes: [] };
    }
    const pieceTimes = [];
    let body = '';
    const decoder = new TextDecoder();
    try {
      for (const reader = response.body.getReader(); ; ) {
        const { done, value } = await reader.read();
        if (done) break;
        pieceTimes.push(performance.now() - started);
        body += decoder.decode(value, { stream: true });
      }
    } catch (error) {
      return { outcome: 'body failed', error: error.name, status: response.status, body, pieceTimes };
    }
    return { outcome: 'answered', status: response.status, body, pieceTimes };
  };
</script>`;

export interface ServiceWorkerSite {
  page: Page;
  /** URLs under the sandbox's base that the network answered rather than the worker (there should be none). */
  served: string[];
  /** Sends each entry from the page, in order, to the sandbox installed `at`-th (the first by default). */
  replay(entries: readonly RawRequest[], at?: number): Promise<Array<{ status: number; headers: Array<[string, string]>; body: string }>>;
  /** One faulted List Payments request from the page (fetchOutcome's terms); aborted after `abortAfterMs` if given. */
  outcome(target: string, fault: string, abortAfterMs?: number): Promise<FetchOutcome>;
  /** The messages the worker has posted to the page so far. */
  logged(): Promise<unknown[]>;
  close(): Promise<void>;
}

/** @param sandboxes the options of each sandbox the worker installs */
export async function openServiceWorkerSite(sandboxes: readonly SandboxOptions[]): Promise<ServiceWorkerSite> {
  const root = mkdtempSync(join(tmpdir(), 'sandbox-sw-'));
  cpSync(fileURLToPath(new URL('../../dist', import.meta.url)), join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'sw.js'), WORKER);
  writeFileSync(join(root, 'index.html'), PAGE);
  const site = await serveStatic({ root, prefix: SUB_PATH });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage();
    const served: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/sandbox/') && !response.fromServiceWorker()) served.push(response.url());
    });
    await page.goto(site.url);
    await page.evaluate((given) => (window as any).start(given), sandboxes as object[]);
    return {
      page,
      served,
      replay: (entries, at = 0) => page.evaluate(([given, index]) => (window as any).replay(given, index), [entries as RawRequest[], at] as const),
      outcome: (target, fault, abortAfterMs) => page.evaluate(([t, f, ms]) => (window as any).outcome(t, f, ms), [target, fault, abortAfterMs] as const),
      logged: () => page.evaluate(() => (window as any).logged),
      async close() {
        await browser?.close();
        await site.close();
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close();
    await site.close();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
