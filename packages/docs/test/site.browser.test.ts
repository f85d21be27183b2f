// The built site in a real Chromium, served from a local static server as GitHub Pages serves a
// project site, under a sub-path (https://<owner>.github.io/<repo>/): it shows the whole API with the
// network cut off, never asks for anything outside localhost or outside the sub-path, and its links,
// downloads, search and deep links all resolve there.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serveStatic } from '@merchant-ordering/test-kit/static-server';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '@merchant-ordering/sandbox';
import { LANGUAGES, resolveRef, sandboxServer } from '../scripts/code-samples.mjs';
import { launchChromium, leavesLocalhost } from './support/chromium';
import { parseCurl, shellArguments } from './support/curl';
import { send } from './support/http-exchange';
import { type DocumentedOperation, documentedOperations } from './support/operations';
import { dist, publishedJson, publishedYaml, readDocsBundle, readSpec, testOutput } from './support/paths';

const docs = readDocsBundle();
// The published description: what the docs bundle turned into prose or plain text is still data here.
const published = readSpec();
const operations = documentedOperations(docs);
// The issue names these; the spec must keep documenting every one of them.
const ERROR_STATUSES = ['401', '405', '406', '422', '500'];
// Where GitHub Pages serves this repository's site: https://merchant-ordering.github.io/toolkit/.
const SUB_PATH = '/toolkit/';

let site: { url: string; close: () => Promise<void> };
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
const outsideRequests: string[] = [];
const metrics: Record<string, number | string> = {};

beforeAll(async () => {
  mkdirSync(testOutput, { recursive: true });
  site = await serveStatic({ root: dist, prefix: SUB_PATH });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  // On the context, so requests from any page, worker or popup count.
  context.on('request', (request) => {
    if (leavesLocalhost(request.url()) || leavesSubPath(request.url())) {
      outsideRequests.push(`${request.method()} ${request.url()}`);
    }
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
});

afterEach(() => {
  // Checked after every test, so the test that caused it is the one that fails.
  const problems = {
    consoleErrors: consoleErrors.splice(0),
    requestsThatLeftLocalhost: outsideRequests.splice(0),
  };
  expect(problems).toEqual({ consoleErrors: [], requestsThatLeftLocalhost: [] });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (Object.keys(metrics).length > 0) {
    await writeFile(join(testOutput, 'site-metrics.json'), `${JSON.stringify(metrics, null, 2)}\n`);
    console.log(
      [
        'docs site metrics:',
        `  index.html: ${kib(metrics.pageBytes)} raw, ${kib(metrics.pageGzipBytes)} gzipped`,
        `  sidebar lists every tag: ${metrics.msToTagList} ms after navigation started`,
        `  all ${operations.length} operations opened and shown: ${metrics.msToAllOperations} ms after it started`,
      ].join('\n'),
    );
  }
});

describe('the docs site', () => {
  it('shows every operation once its tag is opened, with its parameters and responses', async () => {
    await page.goto('about:blank');
    const started = performance.now();
    await page.goto(site.url, { waitUntil: 'domcontentloaded' });
    for (const tag of operationTags()) await sidebarEntry(tag).waitFor();
    metrics.msToTagList = Math.round(performance.now() - started);

    for (const operation of operations) {
      const section = await openOperation(operation);
      const id = operation.operationId;
      await visible(section.getByText(operation.path, { exact: true }), `${id}: path`);
      for (const name of operation.parameters) await visible(propertyName(section, name), `${id}: ${name}`);
      for (const status of operation.statuses) await visible(responseTab(section, status), `${id}: ${status}`);
    }
    metrics.msToAllOperations = Math.round(performance.now() - started);
    const { size } = statSync(join(dist, 'index.html'));
    metrics.pageBytes = size;
    metrics.pageGzipBytes = gzipSync(readFileSync(join(dist, 'index.html'))).length;
    await page.screenshot({ path: join(testOutput, 'site-last-operation.png') });
  });

  it('documents every error: 401, 405, 406, 422 and 500, each with its description', async () => {
    const shown = new Set<string>();
    await page.goto(site.url);
    for (const operation of operations) {
      const section = await openOperation(operation);
      const responses = docs.paths[operation.path][operation.method.toLowerCase()].responses;
      for (const status of operation.statuses.filter((code) => Number(code) >= 400)) {
        await responseTab(section, status).click();
        const description = plainStart(resolveRef(docs, responses[status]).description);
        await visible(section.getByText(description), `${operation.operationId} ${status}: ${description}`);
        shown.add(status);
      }
    }
    expect([...shown].sort()).toEqual(expect.arrayContaining(ERROR_STATUSES));
  });

  it('shows the rules and quirks of the payment filters: repeated arrays, %2B, limits', async () => {
    await page.goto(site.url);
    const section = await openOperation(operation('listPayments'));
    for (const text of [
      'Repeat the parameter once per value',
      'must be sent URL-encoded as',
      '%2B',
      'The number of results to return, from 1 to 250 inclusive. Default 20.',
      'Comma-separated values and square brackets are refused.',
    ]) {
      await visible(section.getByText(text), text);
    }
  });

  it('shows a sample in every language for every operation, as generated', async () => {
    await page.goto(site.url);
    for (const operation of operations) {
      const section = await openOperation(operation);
      for (const [label, source] of Object.entries(operation.samples)) {
        const shown = await showSample(section, label);
        expect(normalise(shown), `${operation.operationId}: ${label} sample`).toBe(normalise(source));
      }
      await page.screenshot({ path: join(testOutput, `operation-${operation.operationId}.png`) });
    }
  });

  it('explains authentication with the worked header example, and the timeouts', async () => {
    await page.goto(site.url);
    const main = page.locator('main').first();
    for (const text of ['Authorization: Basic MzI6YWJjZGVmZ2g=', '10 seconds', '20 seconds', 'Merchant ID']) {
      await visible(main.getByText(text), text);
    }
    await visible(main.getByRole('heading', { name: 'Timeouts' }), 'Timeouts heading');
    await page.screenshot({ path: join(testOutput, 'site.png') });
  });

  it('shows the Contact record with every field and the country table', async () => {
    await page.goto(site.url);
    await sidebarEntry('Contact record').click();
    const contact = docs.components.schemas.Contact;
    const fields = Object.keys(resolveRef(docs, contact.allOf[0]).properties);
    for (const field of fields) await visible(propertyName(page.locator('main'), field), field);

    const table = page.locator('table').filter({ hasText: 'Country code' });
    await visible(table, 'country table');
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
    const expected = Object.entries(contact['x-country-fields']).map(([code, meaning]: [string, any]) => [
      code,
      meaning.area1,
      meaning.area2 ?? 'unspecified',
      meaning.region,
    ]);
    expect(rows).toEqual(expected);
    await page.screenshot({ path: join(testOutput, 'contact-record.png') });
  });

  it("states each operation's timeouts in words, in the text's own font: no raw `timeouts:` label, no JSON", async () => {
    await page.goto(site.url);
    for (const operation of operations) {
      const section = await openOperation(operation);
      const { openSeconds, readSeconds } = published.paths[operation.path][operation.method.toLowerCase()]['x-timeouts'];
      const words = section.getByText(`Timeouts: ${openSeconds} s to open the connection, ${readSeconds} s to read.`);
      await visible(words, `${operation.operationId}: its timeouts in words`);
      expect(await fontOf(words.first()), `${operation.operationId}: the timeouts sentence`).not.toMatch(/monospace/i);
      const text = await section.first().innerText();
      expect(text, operation.operationId).not.toMatch(/^\s*timeouts:/im);
      expect(text, operation.operationId).not.toMatch(/\{"(openSeconds|readSeconds|value|applied)"/);
      await page.screenshot({ path: join(testOutput, `timeouts-${operation.operationId}.png`) });
    }
  });

  it('renders every description as text: no literal backtick outside code (the legacy hosts read as host names)', async () => {
    await page.goto(site.url);
    await visible(page.getByText('Legacy regional hosts', { exact: false }), 'the legacy hosts');
    const raw = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || element.closest('pre, code, script, style') || !element.checkVisibility()) continue;
        if (node.textContent?.includes('`')) found.push(node.textContent.trim().slice(0, 120));
      }
      return found;
    });
    expect(raw).toEqual([]);
    await visible(page.getByText('AU and NZ: api.afterpay.com (sandbox api-sandbox.afterpay.com)', { exact: false }), 'the legacy host names as text');
  });

  it('names every section of the overview in the navigation in full, code spans included as text', async () => {
    await page.goto(site.url);
    const headings = [...published.info.description.matchAll(/^## (.+)$/gm)].map(([, heading]: string[]) => heading.replace(/`([^`]+)`/g, '$1'));
    expect(headings).toContain('Responses without Content-Type');
    const navigation = await page.evaluate(() =>
      [...document.querySelectorAll('a[href]')].filter((a) => !a.closest('main')).map((a) => (a.textContent ?? '').trim()),
    );
    for (const heading of headings) expect(navigation, heading).toContain(heading);
  });

  it('shows a List payments request that, copied as shown and sent to the sandbox `pnpm start` serves, returns payments', async () => {
    await page.goto(site.url);
    const section = await openOperation(operation('listPayments'));
    const shown = normalise(await showSample(section, 'curl'));
    const request = parseCurl(await shellArguments(shown));
    const sandbox = await startSandbox({ port: 0 });
    try {
      const target = request.url.slice(sandboxServer(docs).length);
      const exchange = await send(sandbox.url, { method: request.method, target, headers: request.headers });
      expect(exchange.status, exchange.body).toBe(200);
      expect(JSON.parse(exchange.body).results.length, `${target}: ${exchange.body}`).toBeGreaterThanOrEqual(1);
    } finally {
      await sandbox.close();
    }
  });

  it('fits every sample inside its panel, wrapping long lines instead of cutting them off', async () => {
    await page.goto(site.url);
    for (const operation of operations) {
      const section = await openOperation(operation);
      for (const label of Object.keys(operation.samples)) {
        await showSample(section, label);
        const fit = await section
          .locator('.panel-request-samples')
          .first()
          .evaluate((panel) => {
            const pre = panel.querySelector('pre') as HTMLElement;
            const code = pre.querySelector('code') as HTMLElement;
            return {
              hiddenWidth: pre.scrollWidth - pre.clientWidth,
              beyondPanel: Math.max(0, Math.round(code.getBoundingClientRect().right - panel.getBoundingClientRect().right)),
              beyondWindow: Math.max(0, Math.round(panel.getBoundingClientRect().right - window.innerWidth)),
            };
          });
        expect(fit, `${operation.operationId}: ${label} sample`).toEqual({ hiddenWidth: 0, beyondPanel: 0, beyondWindow: 0 });
      }
    }
    await openOperation(operation('listPayments'));
    await showSample(page.locator('[data-item-kind="httpItem"]').filter({ hasText: 'List payments' }), 'curl');
    await page.screenshot({ path: join(testOutput, 'sample-wrapped-listPayments.png') });
  });

  it.each([
    ['an operation', '#/payments/listpayments', 'List payments'],
    ['a section of the introduction', '#/section/timeouts', 'Timeouts'],
    ['the Contact record', '#/contact', 'Contact record'],
  ])('opens a deep link to %s at its heading, never showing the page before it has settled (no blank band, no jump)', async (_, route, heading) => {
    // Every change to the page or its scroll position is recorded from the first byte on, with what the
    // reader could see at that moment, so a transient state counts even if it lasts one frame.
    const deepContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await deepContext.addInitScript((name) => {
      const states: Array<{ shown: boolean; heading: number | null; menu: number | null; scroll: number }> = [];
      (window as any).__deepLinkStates = states;
      const record = () => {
        const target = [...document.querySelectorAll('main h1, main h2')].find((h) => h.textContent === name);
        const menu = document.querySelector('nav, [role="navigation"], .menu-content');
        const shown = !!document.body && getComputedStyle(document.body).visibility === 'visible' && document.body.getBoundingClientRect().height > 0;
        const top = (element: Element | null | undefined) => (element ? Math.round(element.getBoundingClientRect().top) : null);
        states.push({ shown, heading: top(target), menu: top(menu), scroll: Math.round(scrollY) });
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      addEventListener('scroll', record, true);
    }, heading);
    const deep = await deepContext.newPage();
    try {
      await deep.goto(new URL(route, site.url).href, { waitUntil: 'load' });
      await deep
        .locator('main h1, main h2')
        .filter({ hasText: new RegExp(`^${escapeRegExp(heading)}$`) })
        .first()
        .waitFor({ state: 'visible', timeout: 20_000 });
      await deep.waitForTimeout(1000); // anything still to come after the page shows counts too
      const states: Array<{ shown: boolean; heading: number | null; menu: number | null; scroll: number }> = await deep.evaluate(
        () => (window as any).__deepLinkStates,
      );
      const settled = states.at(-1)!;
      expect(settled.heading).toBeGreaterThanOrEqual(0);
      expect(settled.heading).toBeLessThanOrEqual(64);
      expect(settled.menu).toBe(0);
      // From the first moment anything shows, the heading, the navigation and the scroll position stay put.
      const shown = states.slice(states.findIndex((state) => state.shown));
      expect(shown.filter((state) => JSON.stringify({ ...state, shown: true }) !== JSON.stringify({ ...settled, shown: true }))).toEqual([]);
      // The site has no navbar, so no space is kept for one.
      expect(await deep.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--navbar-height').trim())).toBe('0px');
      expect(new URL(deep.url()).pathname).toBe(SUB_PATH);
      await deep.screenshot({ path: join(testOutput, `deep-link-${route.split('/').pop()}.png`) });
    } finally {
      await deepContext.close();
    }
  });

  it('keeps every sidebar link under the sub-path, and each opens its section in a new tab too', async () => {
    await page.goto(site.url);
    for (const tag of operationTags()) await sidebarEntry(tag).waitFor();
    const links = await page
      .locator('[data-component-name="Menu/MenuItem"] a[href]')
      .evaluateAll((anchors) => anchors.map((a) => ({ href: a.getAttribute('href') ?? '', text: a.textContent?.trim() ?? '' })));
    expect(links.length).toBeGreaterThan(operationTags().length);
    const tab = await context.newPage();
    try {
      for (const { href, text } of links) {
        const target = new URL(href, page.url());
        expect(`${target.origin}${target.pathname}`, `${text}: ${href}`).toBe(site.url);
        // A fresh load each time, as a new tab would do (a change of hash alone would not reload).
        await tab.goto('about:blank');
        await tab.goto(target.href);
        const headings = tab.locator('main h1, main h2').filter({ hasText: new RegExp(`^${escapeRegExp(text)}`) });
        await headings.first().waitFor({ state: 'visible', timeout: 20_000 });
      }
    } finally {
      await tab.close();
    }
    // One full page load per sidebar entry: on a busy 2-core machine that can take minutes.
  }, 240_000);

  it('finds an operation with the search and opens it under the sub-path', async () => {
    await page.goto(site.url);
    await page
      .getByText(/^Search/)
      .first()
      .click();
    await page.getByPlaceholder('Search docs...').fill('List payments');
    const results = page.locator('[data-testid="search-dialog"] [data-component-name="Search/SearchItem"]');
    const result = results.filter({ hasText: 'List payments' }).first();
    expect(new URL((await result.getAttribute('href')) ?? '', page.url()).href).toBe(new URL('#/payments/listpayments', site.url).href);
    await result.click();
    await expect.poll(() => page.url()).toBe(new URL('#/payments/listpayments', site.url).href);
    await visible(page.locator('h2', { hasText: /^List payments$/ }), 'List payments heading after the search');
    await page.screenshot({ path: join(testOutput, 'search-result.png') });
  });

  // Redoc indexes each description's text; words on either side of a line break, a list item's or a
  // table cell's edge must stay two words, in what the search finds and in the excerpt it shows.
  it.each([
    ['a line break after a code span', 'Pagination object', 'inside a Pagination object, newest first', 'Paginationobject'],
    ['table cells', 'error List Payments invalid query parameter', 'nor */* 422 error List Payments: an invalid query parameter', '422errorList'],
    ['list items', 'Base64-encode the result', '<secret_key>. Base64-encode the result. Send Authorization', 'result.Send'],
  ])('keeps the words of the descriptions apart in the search index: %s', async (_, query, shown, joined) => {
    await page.goto(site.url);
    expect(await searchExcerpts(query), query).toEqual(expect.arrayContaining([expect.stringContaining(shown)]));
    const wordsJoined = (await searchExcerpts(joined)).filter((excerpt) => excerpt.includes(joined));
    expect(wordsJoined, joined).toEqual([]);
  });

  it('announces llms.txt and shows, in each operation, a link to its Markdown copy that opens under the sub-path', async () => {
    await page.goto(site.url);
    const announced = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href');
    expect(new URL(announced!, page.url()).href).toBe(new URL('llms.txt', site.url).href);
    for (const operation of operations) {
      const section = await openOperation(operation);
      const link = section.getByRole('link', { name: 'this operation in Markdown' });
      await visible(link, `${operation.operationId}: its Markdown link`);
      const href = new URL((await link.getAttribute('href'))!, page.url()).href;
      const file = `operations/${operation.operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.md`;
      expect(href).toBe(new URL(file, site.url).href);
      const answer = await page.request.get(href);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^text\/markdown/);
      expect(await answer.text()).toBe(readFileSync(join(dist, file), 'utf8'));
    }
  });

  it.each([
    ['openapi.yaml', publishedYaml],
    ['openapi.json', publishedJson],
  ])('offers %s for download from the site itself', async (name, published) => {
    await page.goto(site.url);
    const link = page.locator(`a[href="${name}"]`).filter({ hasText: name });
    await visible(link, `${name} link`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.url()).toBe(new URL(name, site.url).href);
    expect(new URL(download.url()).pathname).toBe(`${SUB_PATH}${name}`);
    expect(readFileSync(await download.path(), 'utf8')).toBe(readFileSync(published, 'utf8'));
  });
});

/** True for a request to this server outside the sub-path the site is served under. */
function leavesSubPath(url: string) {
  const { origin, pathname, protocol } = new URL(url);
  return protocol.startsWith('http') && origin === new URL(site.url).origin && !pathname.startsWith(SUB_PATH);
}

function operation(operationId: string) {
  const found = operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

/** The sidebar labels of the tags that hold operations. */
function operationTags() {
  return [...new Set(operations.map(({ tag }) => tag))].map(tagLabel);
}

function tagLabel(name: string): string {
  return docs.tags.find((tag: { name: string }) => tag.name === name)?.['x-displayName'] ?? name;
}

function sidebarEntry(label: string) {
  return page.locator(`[data-component-name="Menu/MenuItem"] [data-text="${label}"]`).first();
}

/**
 * Redoc 3 collapses every tag and keeps one open at a time: open the tag, then the operation, as a
 * reader would in the sidebar. Returns the operation's section once its heading is visible.
 */
async function openOperation({ tag, summary, operationId }: DocumentedOperation): Promise<Locator> {
  const entry = sidebarEntry(summary);
  if (!(await entry.isVisible())) await sidebarEntry(tagLabel(tag)).click();
  await entry.click();
  const section = page.locator('[data-item-kind="httpItem"]').filter({ has: page.locator('h2', { hasText: new RegExp(`^${escapeRegExp(summary)}$`) }) });
  await visible(section.locator('h2').first(), `${operationId}: heading`);
  return section;
}

function responseTab(section: Locator, status: string) {
  const tabs = section.locator('[role="tablist"][aria-label="Response status"] [role="tab"]');
  return tabs.getByText(status, { exact: true });
}

/** The name of a parameter or schema property, as Redoc lists it. */
function propertyName(scope: Locator, name: string) {
  return scope.locator('.schema-name').getByText(name, { exact: true });
}

/** Picks a language in the sample panel and returns the code it shows. */
async function showSample(section: Locator, label: string): Promise<string> {
  const panel = section.locator('.panel-request-samples').first();
  const labels = LANGUAGES.map(({ label: name }: { label: string }) => name).join('|');
  const menu = panel.locator('button[aria-haspopup="menu"]').filter({ hasText: new RegExp(`^(${labels})$`) });
  const code = panel.locator('pre code');
  await visible(code, 'a request sample');
  if ((await menu.innerText()).trim() === label) return code.innerText();
  const before = await code.innerText();
  await menu.click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  // Redoc swaps the code a render after the menu closes: read it once it has changed.
  for (const started = Date.now(); Date.now() - started < 10_000; await page.waitForTimeout(50)) {
    const text = await code.innerText();
    if (text !== before) return text;
  }
  throw new Error(`the ${label} sample did not replace the previous one on ${page.url()}`);
}

/** The computed font family of an element. */
function fontOf(locator: Locator) {
  return locator.evaluate((element) => getComputedStyle(element).fontFamily);
}

/** Waits until at least one element of the locator is visible, or fails naming what was missing. */
async function visible(locator: Locator, what: string) {
  try {
    await locator.filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
  } catch (cause) {
    throw new Error(`expected to see ${what} on ${page.url()}`, { cause });
  }
}

/** The start of a Markdown description as it reads on the page: up to the first inline markup. */
function plainStart(markdown: string) {
  return markdown.split(/[`*_[]/)[0].trim();
}

function normalise(code: string) {
  return code
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .trim();
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function kib(bytes: number | string | undefined) {
  return `${(Number(bytes) / 1024).toFixed(0)} KiB`;
}

/** The excerpts the search dialog shows for `query`, whitespace collapsed. */
async function searchExcerpts(query: string): Promise<string[]> {
  await page.locator('[data-testid="search-trigger"]').click();
  const input = page.getByPlaceholder('Search docs...');
  await input.fill(query);
  const dialog = page.locator('[data-testid="search-dialog"]');
  const items = dialog.locator('[data-component-name="Search/SearchItem"]');
  // The results come from a worker: wait until they, or the "no results" message, are shown for this query.
  await expect.poll(async () => (await items.count()) > 0 || /no results/i.test(await dialog.innerText()), { timeout: 20_000 }).toBe(true);
  const excerpts = (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  await page.keyboard.press('Escape');
  return excerpts;
}
