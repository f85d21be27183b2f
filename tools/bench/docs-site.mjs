// Item 5, docs weight and render: the built site's bytes per file, raw and gzipped (level 9), and the
// time headless Chromium takes, from navigation start, until every operation has been shown. Redoc 3
// collapses each tag and keeps one open at a time, so each operation is opened as a reader would:
// its tag in the sidebar if the operation is not listed yet, then the operation, then its heading is
// waited for. Each round uses a fresh browser context (empty cache); one warm-up round is dropped.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, launchChromium } from '../chromium.mjs';
import { serveStatic } from '../static-server.mjs';
import { docsDist } from './lib/paths.mjs';
import { runAsScript } from './lib/processes.mjs';
import { summarize } from './lib/stats.mjs';

const WAIT_MS = 15_000;

export async function measureDocsSite({ root = process.env.BENCH_DOCS_DIST || docsDist, rounds = 5, log = console.log } = {}) {
  const weight = siteWeight(root);
  const operations = operationsOf(JSON.parse(readFileSync(join(root, 'openapi.docs.json'), 'utf8')));
  const site = await serveStatic({ root });
  let browser;
  try {
    const launchStarted = performance.now();
    browser = await launchChromium();
    const launchMs = performance.now() - launchStarted;
    const runs = [];
    for (let round = -1; round < rounds; round++) {
      const run = await showEveryOperation(browser, site.url, operations);
      if (round >= 0) runs.push(run);
      log(`  docs render: ${round < 0 ? 'warm-up round' : `round ${round + 1}/${rounds}`}: ${Math.round(run.allOperationsMs)} ms`);
    }
    const field = (key) => summarize(runs.map((run) => run[key]));
    return {
      title: 'Docs weight and render',
      method: { rounds, chromium: browser.version(), chromiumArgs, gzipLevel: 9, freshContextPerRound: true },
      weight,
      operations: operations.map(({ summary, tag }) => `${tag}: ${summary}`),
      launchMs,
      ms: {
        domContentLoaded: field('domContentLoadedMs'),
        load: field('loadMs'),
        tagsListed: field('tagsListedMs'),
        allOperationsShown: field('allOperationsMs'),
      },
      requestsLeavingLocalhost: runs.reduce((sum, run) => sum + run.outside, 0),
    };
  } finally {
    await browser?.close();
    await site.close();
  }
}

/** Every file of the site with its raw and gzipped size, largest first, and the totals. */
export function siteWeight(root) {
  const files = listFiles(root)
    .map((file) => {
      const content = readFileSync(file);
      return { file: relative(root, file), raw: statSync(file).size, gzipped: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => b.raw - a.raw);
  return {
    files,
    total: { raw: files.reduce((sum, f) => sum + f.raw, 0), gzipped: files.reduce((sum, f) => sum + f.gzipped, 0) },
  };
}

/** One round: navigate, open every operation, and read the page's clock (ms since navigation start). */
async function showEveryOperation(browser, url, operations) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  let outside = 0;
  context.on('request', (request) => {
    if (leavesLocalhost(request.url())) outside++;
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const tags = [...new Set(operations.map(({ tag }) => tag))];
    for (const tag of tags) await sidebarEntry(page, tag).waitFor({ timeout: WAIT_MS });
    const tagsListedMs = await page.evaluate(() => performance.now());
    for (const operation of operations) await openOperation(page, operation);
    const allOperationsMs = await page.evaluate(() => performance.now());
    const { domContentLoadedMs, loadMs } = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      return { domContentLoadedMs: navigation.domContentLoadedEventEnd, loadMs: navigation.loadEventEnd };
    });
    return { tagsListedMs, allOperationsMs, domContentLoadedMs, loadMs, outside };
  } finally {
    await context.close();
  }
}

async function openOperation(page, { tag, summary }) {
  const entry = sidebarEntry(page, summary);
  if (!(await entry.isVisible())) await sidebarEntry(page, tag).click();
  await entry.click();
  const heading = page
    .locator('[data-item-kind="httpItem"] h2')
    .filter({ hasText: new RegExp(`^${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .filter({ visible: true })
    .first();
  await heading.waitFor({ state: 'visible', timeout: WAIT_MS });
}

function sidebarEntry(page, label) {
  return page.locator(`[data-component-name="Menu/MenuItem"] [data-text="${label}"]`).first();
}

/** The operations of the docs bundle, with the sidebar label of their first tag. */
function operationsOf(docs) {
  const label = (name) => docs.tags?.find((tag) => tag.name === name)?.['x-displayName'] ?? name;
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  return Object.values(docs.paths ?? {}).flatMap((pathItem) =>
    methods.filter((method) => pathItem[method]).map((method) => ({ summary: pathItem[method].summary, tag: label(pathItem[method].tags?.[0]) })),
  );
}

/** True for a request that would leave this machine; data:, blob: and about: URLs never do. */
function leavesLocalhost(url) {
  const { protocol, hostname } = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(protocol)) return false;
  return !['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}

await runAsScript(import.meta.url, () => measureDocsSite());
