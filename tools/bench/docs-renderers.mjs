// The renderer decision of issue 21 (packages/docs/README.md, "Renderer"), measured: our built site
// (Redoc with the Try it console) beside the two renderers that have a console of their own, Scalar
// and Stoplight Elements, each a page built from the same docs-only bundle and served the same way
// (a static server under /toolkit/, every host but 127.0.0.1 unresolvable). Per renderer:
//   - weight: the gzipped bytes (level 9) of the files the page loads, and of its whole folder;
//   - time to show: from navigation start to the List payments heading and its `limit` parameter on
//     screen, opened by a deep link;
//   - time until a reader can send: to the console's Send control on screen for List payments
//     (opening the console with one click where the renderer needs one);
//   - requests that left localhost;
//   - what its console sends for List payments as it opens (examples, credentials), pressed once with
//     the page's server pointed at a recording server on 127.0.0.1 (ours: a local-sandbox link to it).
// Rounds are interleaved (one of each renderer per round, fresh browser context each), one warm-up
// round dropped. Not an item of `pnpm bench`: the candidates' browser bundles come from npm (`npm
// pack` of the pinned versions below into tools/bench-output/renderers/, once), so run it by hand:
//   pnpm build && node tools/bench/docs-renderers.mjs [--rounds 5] [--site packages/docs/dist]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../chromium.mjs';
import { serveStatic } from '../static-server.mjs';
import { REDOC_PAGE } from './docs-site.mjs';
import { deepLinkVisit, OPERATION, siteWeight } from './lib/docs-page.mjs';
import { docsDist, outputDir } from './lib/paths.mjs';
import { runAsScript } from './lib/processes.mjs';
import { summarize } from './lib/stats.mjs';

const SUB_PATH = '/toolkit/';

/** The candidates: the npm package, the files of its browser build, the page, the deep link and how to reach Send. */
export const CANDIDATES = {
  scalar: {
    pkg: '@scalar/api-reference@1.72.1',
    files: { 'standalone.js': 'dist/browser/standalone.js' },
    page: (spec) =>
      shell(
        '<div id="app"></div><script src="standalone.js"></script>',
        // No default fonts: they come from fonts.scalar.com.
        `<script>Scalar.createApiReference('#app', { content: ${inlineJson(spec)}, withDefaultFonts: false, telemetry: false })</script>`,
      ),
    deepLink: '#tag/payments/GET/v2/payments',
    // Its API client opens in a dialog from the operation's "Test Request" button.
    openConsole: (page) => page.getByRole('button', { name: /Test Request/ }).first(),
    send: (page) => page.getByRole('dialog').getByRole('button', { name: /^Send/ }).first(),
  },
  elements: {
    pkg: '@stoplight/elements@9.0.25',
    files: { 'web-components.min.js': 'web-components.min.js', 'styles.min.css': 'styles.min.css' },
    page: (spec) =>
      shell(
        '<link rel="stylesheet" href="styles.min.css"><script src="web-components.min.js"></script><elements-api id="api" router="hash" layout="sidebar"></elements-api>',
        `<script>document.getElementById('api').apiDescriptionDocument = ${inlineJson(spec)}</script>`,
      ),
    deepLink: '#/operations/listPayments',
    // Its Try It panel sits beside the operation, open.
    openConsole: null,
    send: (page) => page.getByRole('button', { name: 'Send API Request' }).first(),
  },
};

export async function measureRenderers({ site = docsDist, rounds = 5, log = console.log } = {}) {
  const spec = JSON.parse(readFileSync(join(site, 'openapi.docs.json'), 'utf8'));
  const renderers = { redoc: { root: site, ...REDOC_PAGE } };
  for (const [name, candidate] of Object.entries(CANDIDATES)) renderers[name] = { root: buildCandidate(name, candidate, spec), ...candidate };

  const servers = {};
  const browser = await launchChromium();
  try {
    for (const [name, { root }] of Object.entries(renderers)) servers[name] = await serveStatic({ root, prefix: SUB_PATH });
    const runs = Object.fromEntries(Object.keys(renderers).map((name) => [name, []]));
    for (let round = -1; round < rounds; round++) {
      for (const [name, renderer] of Object.entries(renderers)) {
        const run = await deepLinkVisit(browser, servers[name].url, renderer);
        if (round >= 0) runs[name].push(run);
        log(`  ${name}: ${round < 0 ? 'warm-up' : `round ${round + 1}/${rounds}`}: shown ${Math.round(run.shownMs)} ms, can send ${Math.round(run.canSendMs)} ms`);
      }
    }
    const sent = {};
    for (const [name, renderer] of Object.entries(renderers)) sent[name] = await probe(browser, name, renderer, spec);
    return {
      title: 'Docs renderers side by side',
      method: { rounds, chromium: browser.version(), subPath: SUB_PATH, operation: OPERATION, gzipLevel: 9 },
      renderers: Object.fromEntries(
        Object.entries(renderers).map(([name, { root, pkg }]) => [
          name,
          {
            package: pkg ?? 'the built site (packages/docs/dist)',
            loaded: siteWeight(root, runs[name][0].loaded).total,
            folder: siteWeight(root).total,
            ms: { shown: summarize(runs[name].map((run) => run.shownMs)), canSend: summarize(runs[name].map((run) => run.canSendMs)) },
            requestsLeavingLocalhost: runs[name].flatMap((run) => run.outside),
            sentAsItOpens: sent[name],
          },
        ]),
      ),
    };
  } finally {
    await browser.close();
    await Promise.all(Object.values(servers).map((server) => server.close()));
  }
}

/** What the console sends for List payments as it opens, Send pressed once, to a recording server. */
async function probe(browser, name, renderer, spec) {
  const seen = [];
  const recorder = createServer((request, response) => {
    if (request.method !== 'OPTIONS') seen.push({ target: request.url, authorization: request.headers.authorization ?? null });
    response.writeHead(request.method === 'OPTIONS' ? 204 : 200, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Content-Type': 'application/json',
    });
    response.end(request.method === 'OPTIONS' ? '' : '{"totalResults":0,"offset":0,"limit":20,"results":[]}');
  });
  await new Promise((listening) => recorder.listen(0, '127.0.0.1', listening));
  const recorderUrl = `http://127.0.0.1:${recorder.address().port}`;
  const root = name === 'redoc' ? renderer.root : buildCandidate(`${name}-probe`, CANDIDATES[name], { ...spec, servers: [{ url: recorderUrl }] }, name);
  const site = await serveStatic({ root, prefix: SUB_PATH });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(new URL(renderer.deepLink, site.url).href);
    if (renderer.openConsole) await renderer.openConsole(page).click();
    if (name === 'redoc') {
      // Ours sends to the sandbox in the page; pointed at the recorder as at a local sandbox instead.
      await page.getByLabel('A local sandbox').check();
      await page.getByLabel('Local sandbox URL').fill(recorderUrl);
    }
    await renderer.send(page).click();
    for (const started = Date.now(); !seen.length && Date.now() - started < 10_000; ) await page.waitForTimeout(100);
    return seen;
  } finally {
    await context.close();
    await site.close();
    recorder.closeAllConnections();
    recorder.close();
  }
}

/** The candidate's page, from its npm tarball's browser files and the docs-only bundle. */
function buildCandidate(name, { pkg, files, page }, spec, packageOf = name) {
  const unpacked = join(outputDir, 'renderers', packageOf, 'package');
  if (!existsSync(unpacked)) {
    mkdirSync(join(outputDir, 'renderers', packageOf), { recursive: true });
    const cwd = join(outputDir, 'renderers', packageOf);
    const tarball = execFileSync('npm', ['pack', pkg, '--silent'], { cwd, encoding: 'utf8' }).trim().split('\n').at(-1);
    execFileSync('tar', ['-xzf', tarball], { cwd });
  }
  const root = join(outputDir, 'renderers', name, 'site');
  mkdirSync(root, { recursive: true });
  for (const [file, from] of Object.entries(files)) writeFileSync(join(root, file), readFileSync(join(unpacked, from)));
  writeFileSync(join(root, 'index.html'), page(spec));
  return root;
}

function shell(head, body) {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Merchant Online Ordering API</title><link rel="icon" href="data:,"></head><body style="margin:0;height:100vh">${head}${body}</body></html>\n`;
}

/** JSON that can sit inside a <script> element. */
function inlineJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

await runAsScript(import.meta.url, () => {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, site: { type: 'string', default: docsDist } } });
  return measureRenderers({ site: values.site, rounds: Number(values.rounds) });
});
