#!/usr/bin/env node
// Size budget: what a consumer ships, as an application bundler would build it from the built dist/.
// - `browser` and `node`: the main entry (every export of `.`) bundled with openapi-fetch, which it is
//   built on, minified and gzipped; for browsers `#node-transport` resolves to the stub, for Node the
//   node:http transport is included and the built-ins are left external. MAIN_BYTES, 11 KiB, is both
//   the target and the enforced budget (issue 28: openapi-fetch alone is about 2.6 kB; openai-node's
//   client about 38 kB).
// - `contact`: the `./contact` entry on its own (it shares only ValidationError with the main entry),
//   within CONTACT_BYTES.
// `node scripts/size.mjs` prints the sizes and exits 1 over a budget; the package test and the
// benchmarks import measureSize().
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const MAIN_BYTES = 11_264;
/** The target the benchmarks report against: the budget itself. */
export const TARGET_BYTES = MAIN_BYTES;
export const CONTACT_BYTES = 1536;
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {Promise<{ browser: Sizes, node: Sizes, contact: Sizes }>} with Sizes = { minified: number, gzipped: number } */
export async function measureSize() {
  const [browser, node, contact] = await Promise.all([
    bundle('dist/index.js', 'browser'),
    bundle('dist/index.js', 'node'),
    bundle('dist/contact.js', 'browser'),
  ]);
  return { browser, node, contact };
}

/** The budget each measurement must stay within, in gzipped bytes. */
export const BUDGETS = { browser: MAIN_BYTES, node: MAIN_BYTES, contact: CONTACT_BYTES };

async function bundle(entry, platform) {
  const result = await build({
    entryPoints: [resolve(packageDir, entry)],
    absWorkingDir: packageDir,
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = await measureSize();
  let over = false;
  for (const [name, { minified, gzipped }] of Object.entries(sizes)) {
    const budget = BUDGETS[name];
    over ||= gzipped > budget;
    const verdict = gzipped <= budget ? `${budget - gzipped} B under` : `${gzipped - budget} B OVER`;
    console.log(`${name}: ${minified} B minified, ${gzipped} B gzipped (${verdict} the ${budget} B budget)`);
  }
  process.exit(over ? 1 : 0);
}
