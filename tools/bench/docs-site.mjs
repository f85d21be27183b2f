// Item 5, docs weight and render, against today's page: the built site (the Try it console and the
// sandbox it runs in the page included) beside the docs site of main before the console
// (lib/docs-baseline.mjs), measured in the same rounds.
//   - bytes: every file of each site, raw and gzipped (level 9);
//   - render: from navigation start, until every operation has been shown; Redoc 3 collapses each tag
//     and keeps one open at a time, so each is opened as a reader would (its tag in the sidebar if the
//     operation is not listed yet, then the operation, then its heading is waited for);
//   - a deep link to List payments: until it shows (heading and parameters), and, on our site, until a
//     reader can send (Try it clicked, Send enabled once the sandbox in the page runs).
// Each visit uses a fresh browser context (empty cache); the sites alternate within each round, and
// one warm-up round is dropped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumArgs, launchChromium } from '../chromium.mjs';
import { serveStatic } from '../static-server.mjs';
import { baselineDocs } from './lib/docs-baseline.mjs';
import { deepLinkVisit, leavesLocalhost, siteWeight, WAIT_MS } from './lib/docs-page.mjs';
import { docsDist } from './lib/paths.mjs';
import { runAsScript } from './lib/processes.mjs';
import { pairedRatios, summarize } from './lib/stats.mjs';

/** GitHub Pages serves the site under the repository's name. */
const SUB_PATH = '/toolkit/';
/** The operation's deep link on Redoc's site, and its console's controls. */
export const REDOC_PAGE = {
  deepLink: '#/payments/listpayments',
  openConsole: (page) => page.getByRole('button', { name: 'Try it' }).first(),
  send: (page) => page.getByRole('button', { name: 'Send', exact: true }).and(page.locator(':enabled')).first(),
};

export async function measureDocsSite({ root = process.env.BENCH_DOCS_DIST || docsDist, rounds = 5, log = console.log } = {}) {
  const baseline = baselineDocs({ log });
  const sites = { ours: { root, console: true }, today: { root: baseline.site, console: false } };
  const operations = operationsOf(JSON.parse(readFileSync(join(root, 'openapi.docs.json'), 'utf8')));
  const servers = {};
  let browser;
  try {
    for (const [name, site] of Object.entries(sites)) servers[name] = await serveStatic({ root: site.root, prefix: SUB_PATH });
    const launchStarted = performance.now();
    browser = await launchChromium();
    const launchMs = performance.now() - launchStarted;
    const runs = { ours: [], today: [] };
    for (let round = -1; round < rounds; round++) {
      for (const [name, site] of Object.entries(sites)) {
        const every = await showEveryOperation(browser, servers[name].url, operations);
        const visit = await deepLinkVisit(browser, servers[name].url, site.console ? REDOC_PAGE : { deepLink: REDOC_PAGE.deepLink });
        const run = { ...every, shownMs: visit.shownMs, canSendMs: visit.canSendMs, outside: every.outside + visit.outside.length };
        if (round >= 0) runs[name].push(run);
        const sending = run.canSendMs === null ? '' : `, can send ${Math.round(run.canSendMs)} ms`;
        log(`  docs ${name}: ${round < 0 ? 'warm-up round' : `round ${round + 1}/${rounds}`}: every operation ${Math.round(run.allOperationsMs)} ms, List payments shown ${Math.round(run.shownMs)} ms${sending}`);
      }
    }
    const field = (name, key) => summarize(runs[name].map((run) => run[key]));
    const times = (name) => ({
      domContentLoaded: field(name, 'domContentLoadedMs'),
      load: field(name, 'loadMs'),
      tagsListed: field(name, 'tagsListedMs'),
      allOperationsShown: field(name, 'allOperationsMs'),
      operationShown: field(name, 'shownMs'),
    });
    const weight = siteWeight(root);
    const todayWeight = siteWeight(baseline.site);
    return {
      title: 'Docs weight and render',
      method: { rounds, chromium: browser.version(), chromiumArgs, gzipLevel: 9, freshContextPerRound: true, subPath: SUB_PATH, deepLink: REDOC_PAGE.deepLink },
      weight,
      operations: operations.map(({ summary, tag }) => `${tag}: ${summary}`),
      launchMs,
      ms: { ...times('ours'), canSend: field('ours', 'canSendMs') },
      today: { commit: baseline.commit, weight: todayWeight, ms: times('today') },
      ratios: {
        'gzipped bytes / today': weight.total.gzipped / todayWeight.total.gzipped,
        'can send / today shown': summarize(pairedRatios(runs.ours.map((run) => run.canSendMs), runs.today.map((run) => run.shownMs))),
        'shown / today shown': summarize(pairedRatios(runs.ours.map((run) => run.shownMs), runs.today.map((run) => run.shownMs))),
      },
      target: { weightRatio: 1.3 },
      requestsLeavingLocalhost: [...runs.ours, ...runs.today].reduce((sum, run) => sum + run.outside, 0),
    };
  } finally {
    await browser?.close();
    await Promise.all(Object.values(servers).map((server) => server.close()));
  }
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
  // A click on a tag toggles it: on a busy machine the entry may still be on its way when checked, and
  // the click then closes the tag again, so look again before each click.
  for (let attempt = 0; attempt < 3 && !(await entry.isVisible()); attempt++) {
    await sidebarEntry(page, tag).click();
    await entry.waitFor({ state: 'visible', timeout: WAIT_MS / 3 }).catch(() => {});
  }
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

await runAsScript(import.meta.url, () => measureDocsSite());
