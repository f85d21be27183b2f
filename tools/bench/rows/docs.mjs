// Row 5 (method: BENCHMARKS.md): the built site's bytes, the agents' reference (llms.txt, the Markdown copies) apart and in tokens, and headless Chromium's
// time to show every operation and, by a deep link, to let a reader send. Redoc 3 keeps one tag open at a time, so each operation is opened as a reader
// would: its tag, then it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, launchChromium } from '@merchant-ordering/test-kit/chromium';
import { serveStatic } from '@merchant-ordering/test-kit/static-server';
import { blocks, formatBytes, formatDuration, formatRatio, meets, range, table, verdict } from '../lib/format.mjs';
import { inRounds, summarizeFields } from '../lib/measure.mjs';
import { docsDist } from '../lib/workspace.mjs';

const SUB_PATH = '/toolkit/'; // GitHub Pages serves the site under the repository's name
const DEEP_LINK = '#/payments/listpayments';
const OPERATION = { summary: 'List payments', parameter: 'limit' };
const WAIT_MS = 30_000;
const leaves = ({ protocol, hostname }) => ['http:', 'https:'].includes(protocol) && hostname !== '127.0.0.1';
/** Issue 31: what the page loads stays within 1.1× its weight before the agents' reference (794.36 kB). */
export const PAGE_CEILING = { bytes: 873_800, before: 794_360 };
/** The agents' reference: every .txt and .md file of the site (packages/docs/scripts/markdown/reference.mjs). */
export const isAgentFile = (file) => /\.(txt|md)$/.test(file);
/** Tokens counted as UTF-8 bytes / 4: no tokenizer is pinned in the workspace, and the ratios are what matter. */
export const tokensOf = (text) => Math.round(Buffer.byteLength(text) / 4);

async function measure(log, { rounds = 5 } = {}) {
  const docs = JSON.parse(readFileSync(join(docsDist, 'openapi.docs.json'), 'utf8'));
  const label = (name) => docs.tags?.find((tag) => tag.name === name)?.['x-displayName'] ?? name;
  const operations = operationsOf(docs).flatMap((op) => (op.summary ? [{ summary: op.summary, tag: label(op.tags[0]) }] : []));
  const server = await serveStatic({ root: docsDist, prefix: SUB_PATH });
  let browser;
  let outside = 0;
  try {
    const launchStarted = performance.now();
    browser = await launchChromium();
    const launchMs = performance.now() - launchStarted;
    const visit = async (run) => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      context.on('request', (request) => (outside += Number(leaves(new URL(request.url())))));
      try {
        return await run(await context.newPage());
      } finally {
        await context.close();
      }
    };
    const both = async () => ({
      ...(await visit((page) => everyOperation(page, server.url, operations))),
      ...(await visit((page) => deepLink(page, server.url))),
    });
    const ms = summarizeFields((await inRounds(['ours'], rounds, both, log)).ours);
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
    const files = siteFiles(docsDist);
    const [weight, agentFiles] = [part(files, (file) => !isAgentFile(file)), part(files, isAgentFile)];
    const operationNames = operations.map(({ tag, summary }) => `${tag}: ${summary}`);
    return { method: { rounds, chromium: browser.version(), chromiumArgs }, operations: operationNames, weight, agentFiles, tokens, launchMs, ms, outside };
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
      await Promise.allSettled([entry(summary).waitFor({ state: 'visible', timeout: WAIT_MS / 3 })]);
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
  const named = (element) => element.childElementCount === 0 && element.textContent.trim() === parameter && seen(element);
  return heading && [...document.querySelectorAll('body *')].some(named) ? performance.now() : false;
}

/** Every operation of the description that has a tag. */
const operationsOf = (docs) => Object.values(docs.paths).flatMap((item) => Object.values(item).filter((op) => op?.tags));

/** The overview, each operation and each section without operations (the Contact record), by hash route. */
function routes(docs) {
  const slug = (text) => text.toLowerCase().replace(/\s+/g, '-');
  const operations = operationsOf(docs).flatMap((op) => (op.operationId ? [`#/${slug(op.tags[0])}/${op.operationId.toLowerCase()}`] : []));
  const used = new Set(operationsOf(docs).flatMap((op) => op.tags));
  return ['#/', ...operations, ...(docs.tags ?? []).filter(({ name }) => !used.has(name)).map(({ name }) => `#/${slug(name)}`)];
}

/** In the page: Redoc has taken over (its search box no longer says "Loading") and the deep link has settled. */
const settled = () =>
  !document.documentElement.classList.contains('settling') &&
  !/Loading/.test(document.querySelector('[data-testid="search-trigger"]')?.textContent ?? 'Loading');

/** The text a reader sees on each route (Redoc shows one at a time), joined. */
async function pageText(page, url, list) {
  const texts = [];
  for (const route of list) {
    await page.goto('about:blank');
    await page.goto(new URL(route, url).href, { waitUntil: 'load' });
    await page.waitForFunction(settled, undefined, { timeout: WAIT_MS });
    texts.push(await page.evaluate(() => (document.querySelector('main') ?? document.body).innerText));
  }
  return texts.join('\n');
}

/** The files of `files` that `keep` keeps, with their own total. */
function part(files, keep) {
  const kept = files.filter(({ file }) => keep(file));
  const sum = (key) => kept.reduce((total, file) => total + file[key], 0);
  return { files: kept, total: { raw: sum('raw'), gzipped: sum('gzipped') } };
}

/** Every file of the site, raw and gzipped (level 9), largest first. */
function siteFiles(root) {
  const weigh = (path) => ({ file: relative(root, path), raw: readFileSync(path).length, gzipped: gzipSync(readFileSync(path), { level: 9 }).length });
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return files.map((entry) => weigh(join(entry.parentPath, entry.name))).sort((a, b) => b.raw - a.raw);
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
  ].map(([what, summary]) => [what, range(summary, formatDuration)]);
  const ratio = weight.total.gzipped / PAGE_CEILING.before;
  const tokenRows = Object.entries(tokens).map(([what, count]) => [what, count.toLocaleString('en'), formatRatio(count / tokens['llms-full.txt'])]);
  const fileTable = ({ files, total }) =>
    table(['File', 'Raw / gzipped'], [...files.map((file) => [file.file, bytes(file)]), ['**total**', `**${bytes(total)}**`]]);
  return blocks(
    `Bytes: every file of the site, raw / gzipped (level 9), the agents' reference apart. Render: the site served by test-kit/lib/static-server.js under ${SUB_PATH} on 127.0.0.1 to Chromium ${method.chromium} (playwright-core, headless, the flags of toolchain.md §6). ${method.rounds} rounds after a warm-up round, each visit in a fresh browser context. Operations opened: ${operations.join('; ')}. Deep link: ${DEEP_LINK}. Chromium launch, not counted: ${formatDuration(launchMs)}. Requests that tried to leave 127.0.0.1: ${outside}.`,
    fileTable(weight),
    `**Target:** the site without the agents' reference ≤ ${formatBytes(PAGE_CEILING.bytes)} gzipped (1.1× the ${formatBytes(PAGE_CEILING.before)} before it): ${formatBytes(weight.total.gzipped)} (${formatRatio(ratio)}), ${verdict(meets(weight.total.gzipped, PAGE_CEILING.bytes))}.`,
    "The agents' reference, apart: the page never loads it; its Service Worker keeps it with the rest of the site for offline use.",
    fileTable(agentFiles),
    "Tokens, counted as UTF-8 bytes / 4 (no tokenizer pinned; a tokenizer's count differs, the ratios much less). The page's visible text is the `innerText` of each route Redoc shows (the overview, each operation, the Contact record) after it has settled: collapsed schemas and unselected responses are not in it.",
    table(['What an agent reads', 'Tokens', 'Against llms-full.txt'], tokenRows),
    table(['From navigation start to', 'Median (min–max)'], times),
  );
}

export default { id: 'docs', title: '5. Docs weight and render', timeoutMs: 600_000, measure, report };
