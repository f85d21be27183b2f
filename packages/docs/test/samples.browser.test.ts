// Issue 31: the samples a reader copies are the programs the generator matrix ran. In a real Chromium,
// on the built site under a sub-path, each operation's sample panel is switched to every language and
// its Copy button pressed; the clipboard holds exactly renderSample's text for the same inputs, the
// function `pnpm test:generators` renders, compiles and runs (tools/generators/docs-samples.mjs). The
// language chosen follows the reader across operations, the Try it console and a reload, and the
// console's rewrite for a local sandbox is the matrix's `console` program.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@merchant-ordering/test-kit/static-server';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '../console/sample-language';
import { exampleRequest, LANGUAGES, operationsOf, renderSample } from '../scripts/code-samples.mjs';
import { readSampleTemplates } from '../scripts/sample-templates.mjs';
import { launchChromium } from './support/chromium';
import { documentedOperations } from './support/operations';
import { dist, readDocsBundle, readSpec, testOutput } from './support/paths';

const spec = readSpec();
const docs = readDocsBundle();
const templates = readSampleTemplates();
const operations = documentedOperations(docs);
const labels: string[] = LANGUAGES.map(({ label }: { label: string }) => label);
const SUB_PATH = '/toolkit/';
const LOCAL = 'http://127.0.0.1:4010';
function entryOf(operationId: string) {
  const entry = operationsOf(spec).find(({ operation }: { operation: { operationId: string } }) => operation.operationId === operationId);
  if (!entry) throw new Error(`no operation ${operationId} in the description`);
  return entry;
}

let site: { url: string; close: () => Promise<void> };
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  mkdirSync(testOutput, { recursive: true });
  site = await serveStatic({ root: dist, prefix: SUB_PATH });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url).origin });
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the samples on the page', () => {
  it('copy, in every language of every operation, exactly the program the generator matrix ran', async () => {
    await page.goto(site.url);
    for (const operation of operations) {
      const section = await openOperation(operation.tag, operation.summary);
      for (const label of labels) {
        await chooseLanguage(section, label);
        const copied = await copySample(section);
        // Redoc's Copy leaves out the file's final newline; every other byte is the program that ran.
        expect(copied, `${operation.operationId} in ${label}`).toBe(renderSample(spec, label, entryOf(operation.operationId), templates).replace(/\n$/, ''));
      }
    }
    expect(problems.splice(0)).toEqual([]);
  });

  it('keep the language chosen on one operation for the others, the Try it console and a reload', async () => {
    await page.goto(site.url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    const list = await openOperation('Payments', 'List payments');
    await chooseLanguage(list, 'Kotlin');
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('Kotlin');

    const configuration = await openOperation('Configuration', 'Get configuration');
    await expect.poll(() => languageShown(configuration), { timeout: 15_000 }).toBe('Kotlin');

    await configuration.locator('.try-it-open').click();
    const dialog = page.locator('dialog.try-it');
    await expect.poll(() => dialog.locator('select.try-it-language').inputValue()).toBe('Kotlin');
    // The console's choice is the page's too.
    await dialog.locator('select.try-it-language').selectOption('Rust');
    await dialog.locator('.try-it-close').click();
    await expect.poll(() => languageShown(configuration), { timeout: 15_000 }).toBe('Rust');

    await page.reload();
    const again = await openOperation('Payments', 'List payments');
    await expect.poll(() => languageShown(again), { timeout: 15_000 }).toBe('Rust');
    await page.screenshot({ path: join(testOutput, 'samples-language-remembered.png') });
    expect(problems.splice(0)).toEqual([]);
  });
});

describe('the Try it console', () => {
  it("copies, for the worked examples sent to a local sandbox, the program the matrix ran for it (its 'console' set)", async () => {
    await page.goto(site.url);
    for (const operation of operations) {
      const section = await openOperation(operation.tag, operation.summary);
      await section.locator('.try-it-open').click();
      const dialog = page.locator('dialog.try-it');
      await dialog.getByRole('radio', { name: /A local sandbox/ }).check();
      await dialog.getByLabel('Local sandbox URL').fill(LOCAL);
      const entry = entryOf(operation.operationId);
      for (const label of labels.filter((candidate) => candidate !== 'curl')) {
        await dialog.locator('select.try-it-language').selectOption(label);
        const block = dialog.locator(`[data-sample="${label}"]`);
        await block.locator('.try-it-copy').click();
        await expect.poll(() => block.locator('.try-it-copy').innerText()).toBe('Copied');
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(copied, `${operation.operationId} in ${label}`).toBe(
          renderSample(spec, label, entry, templates, { ...exampleRequest(spec, entry), localBaseUrl: LOCAL }),
        );
      }
      await dialog.locator('.try-it-close').click();
    }
    expect(problems.splice(0)).toEqual([]);
  });
});

/** Opens a tag, then an operation, in Redoc's sidebar; returns the operation's section. */
async function openOperation(tag: string, summary: string): Promise<Locator> {
  const tagLabel = docs.tags.find((candidate: { name: string }) => candidate.name === tag)?.['x-displayName'] ?? tag;
  const entry = sidebarEntry(summary);
  if (!(await entry.isVisible())) await sidebarEntry(tagLabel).click();
  await entry.click();
  const section = page.locator('[data-item-kind="httpItem"]').filter({ has: page.locator('h2', { hasText: summary }) });
  await section.locator('.panel-request-samples pre code').first().waitFor({ timeout: 30_000 });
  return section;
}

function sidebarEntry(label: string) {
  return page.locator(`[data-component-name="Menu/MenuItem"] [data-text="${label}"]`).first();
}

function languageMenu(section: Locator) {
  return section
    .locator('.panel-request-samples')
    .first()
    .locator('button[aria-haspopup="menu"]')
    .filter({ hasText: new RegExp(`^(${labels.join('|')})$`) });
}

async function languageShown(section: Locator): Promise<string> {
  return (await languageMenu(section).innerText()).trim();
}

/** Picks a language in the panel's menu, as a reader does, and waits for its code. */
async function chooseLanguage(section: Locator, label: string) {
  if ((await languageShown(section)) === label) return;
  await languageMenu(section).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  await expect.poll(() => languageShown(section), { timeout: 15_000 }).toBe(label);
}

/** Presses the sample's own Copy button and reads the clipboard. */
async function copySample(section: Locator): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  const code = section.locator('.panel-request-samples').first().locator('pre code').first();
  await code.hover();
  const copy = section.locator('.panel-request-samples').first().locator('button[data-testid="copy-button"]').filter({ visible: true }).last();
  await copy.click();
  let text = '';
  await expect.poll(async () => (text = await page.evaluate(() => navigator.clipboard.readText())), { timeout: 10_000 }).not.toBe('');
  return text;
}
