// What the docs benchmarks measure of a page, whatever renders it: the bytes of its files, and one
// visit by a deep link to an operation, timed on the page's own clock (ms since navigation start) until
// the operation shows and until a reader can press Send in its console.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export const WAIT_MS = 30_000;
/** The operation every visit opens, and a parameter of it that must show with its heading. */
export const OPERATION = { summary: 'List payments', parameter: 'limit' };

/** Every file under `root` (or the given ones), raw and gzipped at level 9, largest first, with totals. */
export function siteWeight(root, files = listFiles(root).map((file) => relative(root, file))) {
  const sizes = files
    .filter((file) => existsSync(join(root, file)))
    .map((file) => {
      const content = readFileSync(join(root, file));
      return { file, raw: content.length, gzipped: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => b.raw - a.raw);
  return { files: sizes, total: { raw: sizes.reduce((sum, f) => sum + f.raw, 0), gzipped: sizes.reduce((sum, f) => sum + f.gzipped, 0) } };
}

/**
 * One visit in a fresh context: `deepLink` opened at `siteUrl`; then, when the page has a console,
 * its `openConsole` control clicked (if it needs one) and its `send` control waited for.
 * @returns {Promise<{ shownMs: number, canSendMs: number | null, loaded: string[], outside: string[] }>}
 */
export async function deepLinkVisit(browser, siteUrl, { deepLink, openConsole, send }) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const { pathname: subPath } = new URL(siteUrl);
  const loaded = new Set();
  const outside = [];
  context.on('request', (request) => {
    const requested = new URL(request.url());
    if (!['http:', 'https:'].includes(requested.protocol)) return;
    if (leavesLocalhost(request.url())) outside.push(request.url());
    // What the page loads to show itself; a Service Worker keeping the site for later is not that.
    else if (requested.pathname.startsWith(subPath) && !request.serviceWorker()) loaded.add(requested.pathname.slice(subPath.length) || 'index.html');
  });
  try {
    const page = await context.newPage();
    await page.goto(new URL(deepLink, siteUrl).href, { waitUntil: 'commit' });
    const shownMs = await (await page.waitForFunction(operationShown, OPERATION, { polling: 'raf', timeout: WAIT_MS })).jsonValue();
    let canSendMs = null;
    if (send) {
      if (openConsole) await openConsole(page).click({ timeout: WAIT_MS });
      await send(page).waitFor({ state: 'visible', timeout: WAIT_MS });
      canSendMs = await page.evaluate(() => performance.now());
    }
    return { shownMs, canSendMs, loaded: [...loaded], outside };
  } finally {
    await context.close();
  }
}

/** In the page: performance.now() once a visible heading reads the summary and the parameter's name shows, else false. */
function operationShown({ summary, parameter }) {
  // visibilityProperty: a page kept hidden while it settles (visibility: hidden) is not shown yet.
  const seen = (element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const onScreen = (element) => seen(element) && element.getBoundingClientRect().bottom > 0 && element.getBoundingClientRect().top < innerHeight;
  const heading = [...document.querySelectorAll('h1, h2, h3')].some((element) => element.textContent.trim() === summary && onScreen(element));
  const named = heading && [...document.querySelectorAll('body *')].some((element) => element.childElementCount === 0 && element.textContent.trim() === parameter && seen(element));
  return heading && named ? performance.now() : false;
}

/** True for a request that would leave this machine; data:, blob: and about: URLs never do. */
export function leavesLocalhost(url) {
  const { protocol, hostname } = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(protocol)) return false;
  return !['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

export function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}
