// The built docs site, the Try it console and the sandbox it runs in the page included: the bytes of
// every file, and headless Chromium's time to show every operation (Redoc 3 keeps one tag open at a
// time, so each is opened as a reader would: its tag, then the operation) and, by a deep link to List
// payments, until it shows and until a reader can send. A fresh browser context (empty cache) per visit.
// The reference for coding agents (llms.txt, llms-full.txt, the Markdown copies) is weighed apart from
// the page, and in tokens beside what an agent would read otherwise: the page's visible text and the
// bundled description (issue 31 item 3).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, launchChromium } from '@merchant-ordering/test-kit/chromium';
import { serveStatic } from '@merchant-ordering/test-kit/static-server';
import { formatBytes, formatDuration, formatRatio, inRounds, meets, range, summarize, table, verdict } from '../lib/measure.mjs';
import { docsDist } from '../lib/workspace.mjs';

const SUB_PATH = '/toolkit/'; // GitHub Pages serves the site under the repository's name
const DEEP_LINK = '#/payments/listpayments';
const OPERATION = { summary: 'List payments', parameter: 'limit' };
const WAIT_MS = 30_000;
/** Issue 31: what the page loads stays within 1.1× its weight before the agents' reference (794.36 kB). */
export const PAGE_CEILING = { bytes: 873_800, before: 794_360 };
/** The agents' reference: every .txt and .md file of the site (packages/docs/scripts/markdown/reference.mjs). */
export const isAgentFile = (file) => /\.(txt|md)$/.test(file);
/** Tokens counted as UTF-8 bytes / 4: no tokenizer is pinned in the workspace, and the ratios are what matter. */
export const tokensOf = (text) => Math.round(Buffer.byteLength(text) / 4);

async function measure(log, { rounds = 5 } = {}) {
  const docs = JSON.parse(readFileSync(join(docsDist, 'openapi.docs.json'), 'utf8'));
  const label = (name) => docs.tags?.find((tag) => tag.name === name)?.['x-displayName'] ?? name;
  const operations = Object.values(docs.paths).flatMap((item) =>
    Object.values(item)
      .filter((op) => op?.summary && op.tags)
      .map((op) => ({ summary: op.summary, tag: label(op.tags[0]) })),
  );
  const server = await serveStatic({ root: docsDist, prefix: SUB_PATH });
  let browser;
  let outside = 0;
  try {
    const launchStarted = performance.now();
    browser = await launchChromium();
    const launchMs = performance.now() - launchStarted;
    const visit = async (run) => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      context.on('request', (request) => {
        const { protocol, hostname } = new URL(request.url());
        if (['http:', 'https:'].includes(protocol) && hostname !== '127.0.0.1') outside++;
      });
      try {
        return await run(await context.newPage());
      } finally {
        await context.close();
      }
    };
    const runs = await inRounds(
      ['ours'],
      rounds,
      async () => ({ ...(await visit((page) => everyOperation(page, server.url, operations))), ...(await visit((page) => deepLink(page, server.url))) }),
      log,
    );
    const ms = Object.fromEntries(Object.keys(runs.ours[0]).map((key) => [key, summarize(runs.ours.map((run) => run[key]))]));
    const visibleText = await visit((page) => pageText(page, server.url, routes(docs)));
    const read = (file) => readFileSync(join(docsDist, file), 'utf8');
    const tokens = {
      'llms-full.txt': tokensOf(read('llms-full.txt')),
      'llms.txt': tokensOf(read('llms.txt')),
      "the page's visible text, every route opened": tokensOf(visibleText),
      'index.html as fetched': tokensOf(read('index.html')),
      'openapi.json (the bundled description)': tokensOf(read('openapi.json')),
      'openapi.yaml (the same, in YAML)': tokensOf(read('openapi.yaml')),
    };
    const all = siteWeight(docsDist);
    return {
      method: { rounds, chromium: browser.version(), chromiumArgs },
      operations: operations.map(({ tag, summary }) => `${tag}: ${summary}`),
      weight: part(all, (file) => !isAgentFile(file)),
      agentFiles: part(all, isAgentFile),
      tokens,
      launchMs,
      ms,
      outside,
    };
  } finally {
    await browser?.close();
    await server.close();
  }
}

/** Every tag listed, then every operation opened; times from the page's own clock (navigation start). */
async function everyOperation(page, url, operations) {
  const entry = (text) => page.locator(`[data-component-name="Menu/MenuItem"] [data-text="${text}"]`).first();
  await page.goto(url, { waitUntil: 'commit' });
  for (const tag of new Set(operations.map(({ tag }) => tag))) await entry(tag).waitFor({ timeout: WAIT_MS });
  const tagsListed = await page.evaluate(() => performance.now());
  for (const { tag, summary } of operations) {
    // A click on a tag toggles it: on a busy machine the entry may still be on its way, so look again before each click.
    for (let attempt = 0; attempt < 3 && !(await entry(summary).isVisible()); attempt++) {
      await entry(tag).click();
      await entry(summary)
        .waitFor({ state: 'visible', timeout: WAIT_MS / 3 })
        .catch(() => {});
    }
    await entry(summary).click();
    await page
      .locator('[data-item-kind="httpItem"] h2')
      .filter({ hasText: new RegExp(`^${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), visible: true })
      .first()
      .waitFor({ timeout: WAIT_MS });
  }
  const allOperationsShown = await page.evaluate(() => performance.now());
  const [navigation] = await page.evaluate(() => performance.getEntriesByType('navigation').map((n) => [n.domContentLoadedEventEnd, n.loadEventEnd]));
  return { domContentLoaded: navigation[0], load: navigation[1], tagsListed, allOperationsShown };
}

/** The deep link: until the heading and its `limit` parameter are on screen, then until Try it gives an enabled Send. */
async function deepLink(page, url) {
  await page.goto(new URL(DEEP_LINK, url).href, { waitUntil: 'commit' });
  const operationShown = await (await page.waitForFunction(shown, OPERATION, { polling: 'raf', timeout: WAIT_MS })).jsonValue();
  await page.getByRole('button', { name: 'Try it' }).first().click({ timeout: WAIT_MS });
  await page.getByRole('button', { name: 'Send', exact: true }).and(page.locator(':enabled')).first().waitFor({ timeout: WAIT_MS });
  return { operationShown, canSend: await page.evaluate(() => performance.now()) };
}

/** In the page: performance.now() once a visible heading reads the summary and the parameter shows, else false. */
function shown({ summary, parameter }) {
  const seen = (element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const onScreen = (element) => seen(element) && element.getBoundingClientRect().bottom > 0 && element.getBoundingClientRect().top < innerHeight;
  const heading = [...document.querySelectorAll('h1, h2, h3')].some((element) => element.textContent.trim() === summary && onScreen(element));
  const named =
    heading &&
    [...document.querySelectorAll('body *')].some((element) => element.childElementCount === 0 && element.textContent.trim() === parameter && seen(element));
  return heading && named ? performance.now() : false;
}

/** The overview, each operation and each section without operations (the Contact record), by hash route. */
function routes(docs) {
  const slug = (text) => text.toLowerCase().replace(/\s+/g, '-');
  const operations = Object.values(docs.paths).flatMap((item) =>
    Object.values(item)
      .filter((op) => op?.operationId && op.tags)
      .map((op) => `#/${slug(op.tags[0])}/${op.operationId.toLowerCase()}`),
  );
  const used = new Set(Object.values(docs.paths).flatMap((item) => Object.values(item).flatMap((op) => op?.tags ?? [])));
  const sections = (docs.tags ?? []).filter(({ name }) => !used.has(name)).map(({ name }) => `#/${slug(name)}`);
  return ['#/', ...operations, ...sections];
}

/** The text a reader sees on each route (Redoc shows one at a time), joined. */
async function pageText(page, url, list) {
  const texts = [];
  for (const route of list) {
    await page.goto('about:blank');
    await page.goto(new URL(route, url).href, { waitUntil: 'load' });
    // Redoc has taken over (its search box no longer says "Loading") and the deep link has settled.
    await page.waitForFunction(
      () =>
        !document.documentElement.classList.contains('settling') &&
        !/Loading/.test(document.querySelector('[data-testid="search-trigger"]')?.textContent ?? 'Loading'),
      undefined,
      { timeout: WAIT_MS },
    );
    texts.push(await page.evaluate(() => (document.querySelector('main') ?? document.body).innerText));
  }
  return texts.join('\n');
}

/** The files of a weight that `keep` keeps, with their own total. */
function part(weight, keep) {
  const files = weight.files.filter(({ file }) => keep(file));
  return { files, total: { raw: files.reduce((sum, f) => sum + f.raw, 0), gzipped: files.reduce((sum, f) => sum + f.gzipped, 0) } };
}

function siteWeight(root) {
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const sizes = files
    .map((file) => ({ file: relative(root, file), raw: readFileSync(file).length, gzipped: gzipSync(readFileSync(file), { level: 9 }).length }))
    .sort((a, b) => b.raw - a.raw);
  return { files: sizes, total: { raw: sizes.reduce((sum, f) => sum + f.raw, 0), gzipped: sizes.reduce((sum, f) => sum + f.gzipped, 0) } };
}

function report({ method, operations, weight, agentFiles, tokens, launchMs, ms, outside }) {
  const bytes = (entry) => `${formatBytes(entry.raw)} / ${formatBytes(entry.gzipped)}`;
  const times = [
    ['DOMContentLoaded', ms.domContentLoaded],
    ['load', ms.load],
    ['every tag listed in the sidebar', ms.tagsListed],
    [`every operation shown (${operations.length})`, ms.allOperationsShown],
    ['List payments shown, by a deep link', ms.operationShown],
    ['a reader can send (Try it, then Send enabled), by the same deep link', ms.canSend],
  ];
  const ratio = weight.total.gzipped / PAGE_CEILING.before;
  const full = tokens['llms-full.txt'];
  return [
    `Bytes: every file of the site, raw / gzipped (level 9), the agents' reference apart. Render: the site served by test-kit/lib/static-server.js under ${SUB_PATH} on 127.0.0.1 to Chromium ${method.chromium} (playwright-core, headless, the flags of toolchain.md §6). ${method.rounds} rounds after a warm-up round, each visit in a fresh browser context. Operations opened: ${operations.join('; ')}. Deep link: ${DEEP_LINK}. Chromium launch, not counted: ${formatDuration(launchMs)}. Requests that tried to leave 127.0.0.1: ${outside}.`,
    '',
    table(['File', 'Raw / gzipped'], [...weight.files.map((file) => [file.file, bytes(file)]), ['**total**', `**${bytes(weight.total)}**`]]),
    '',
    `**Target:** the site without the agents' reference ≤ ${formatBytes(PAGE_CEILING.bytes)} gzipped (1.1× the ${formatBytes(PAGE_CEILING.before)} before it): ${formatBytes(weight.total.gzipped)} (${formatRatio(ratio)}), ${verdict(meets(weight.total.gzipped, PAGE_CEILING.bytes))}.`,
    '',
    "The agents' reference, apart: the page never loads it; its Service Worker keeps it with the rest of the site for offline use.",
    '',
    table(['File', 'Raw / gzipped'], [...agentFiles.files.map((file) => [file.file, bytes(file)]), ['**total**', `**${bytes(agentFiles.total)}**`]]),
    '',
    "Tokens, counted as UTF-8 bytes / 4 (no tokenizer pinned; a tokenizer's count differs, the ratios much less). The page's visible text is the `innerText` of each route Redoc shows (the overview, each operation, the Contact record) after it has settled: collapsed schemas and unselected responses are not in it.",
    '',
    table(
      ['What an agent reads', 'Tokens', 'Against llms-full.txt'],
      Object.entries(tokens).map(([what, count]) => [what, count.toLocaleString('en'), formatRatio(count / full)]),
    ),
    '',
    table(
      ['From navigation start to', 'Median (min–max)'],
      times.map(([what, summary]) => [what, range(summary, formatDuration)]),
    ),
  ].join('\n');
}

export default { id: 'docs', title: '5. Docs weight and render', timeoutMs: 600_000, measure, report };
