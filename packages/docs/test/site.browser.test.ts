// The built site in a real Chromium, served from a local static server as a static host would: it
// shows the whole API with the network cut off, and never asks for anything outside localhost.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serveStatic } from '@merchant-ordering/tools/static-server.mjs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveRef } from '../scripts/code-samples.mjs';
import { launchChromium, leavesLocalhost } from './support/chromium';
import { type DocumentedOperation, documentedOperations } from './support/operations';
import { dist, publishedJson, publishedYaml, readDocsBundle, testOutput } from './support/paths';

const docs = readDocsBundle();
const operations = documentedOperations(docs);
// The issue names these; the spec must keep documenting every one of them.
const ERROR_STATUSES = ['401', '405', '406', '422', '500'];

let site: { url: string; close: () => Promise<void> };
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
const outsideRequests: string[] = [];
const metrics: Record<string, number | string> = {};

beforeAll(async () => {
  mkdirSync(testOutput, { recursive: true });
  site = await serveStatic({ root: dist });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  // On the context, so requests from any page, worker or popup count.
  context.on('request', (request) => {
    if (leavesLocalhost(request.url())) outsideRequests.push(`${request.method()} ${request.url()}`);
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

  it('shows a curl and a TypeScript sample for every operation, as generated', async () => {
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
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())),
    );
    const expected = Object.entries(contact['x-country-fields']).map(([code, meaning]: [string, any]) => [
      code,
      meaning.area1,
      meaning.area2 ?? 'unspecified',
      meaning.region,
    ]);
    expect(rows).toEqual(expected);
    await page.screenshot({ path: join(testOutput, 'contact-record.png') });
  });

  it.each([
    ['openapi.yaml', publishedYaml],
    ['openapi.json', publishedJson],
  ])('offers %s for download from the site itself', async (name, published) => {
    await page.goto(site.url);
    const link = page.locator(`a[href="${name}"]`).filter({ hasText: name });
    await visible(link, `${name} link`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.url()).toBe(`${site.url}/${name}`);
    expect(readFileSync(await download.path(), 'utf8')).toBe(readFileSync(published, 'utf8'));
  });
});

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
  const section = page
    .locator('[data-item-kind="httpItem"]')
    .filter({ has: page.locator('h2', { hasText: new RegExp(`^${escapeRegExp(summary)}$`) }) });
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
  await panel.locator('button[aria-haspopup="menu"]').filter({ hasText: /^(curl|TypeScript)$/ }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  const code = panel.locator('pre code');
  await visible(code, `${label} sample`);
  return code.innerText();
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
  return code.replace(/\u00a0/g, ' ').replace(/[ \t]+$/gm, '').trim();
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function kib(bytes: number | string | undefined) {
  return `${(Number(bytes) / 1024).toFixed(0)} KiB`;
}
