#!/usr/bin/env node
// Size budget: the built client (dist/index.js, every export) bundled with openapi-fetch, minified and
// gzipped, as an application bundler would ship it. Measured twice: for browsers (`#node-transport`
// resolves to the stub) and for Node (the node:http transport included, built-ins left external).
// `node scripts/size.mjs` prints the sizes and exits 1 over the ceiling; tests and benchmarks import it.
//
// TARGET_BYTES is the 6 kB goal. It is NOT met: openapi-fetch alone is about 2.6 kB, and the
// validation, typed errors, retries, timeouts, pagination and contact helpers the issue asks for come
// to about 5.7 kB more. CEILING_BYTES is what the tests enforce, so that growth is caught.
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const TARGET_BYTES = 6144;
export const CEILING_BYTES = 9216;
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {Promise<{ browser: Sizes, node: Sizes }>} with Sizes = { minified: number, gzipped: number } */
export async function measureSize() {
  const [browser, node] = await Promise.all([bundle('browser'), bundle('node')]);
  return { browser, node };
}

async function bundle(platform) {
  const result = await build({
    entryPoints: [resolve(packageDir, 'dist/index.js')],
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
  for (const [platform, { minified, gzipped }] of Object.entries(sizes)) {
    over ||= gzipped > CEILING_BYTES;
    const target = gzipped <= TARGET_BYTES ? 'within' : `${gzipped - TARGET_BYTES} B over`;
    console.log(`${platform}: ${minified} B minified, ${gzipped} B gzipped (ceiling ${CEILING_BYTES} B; ${target} the ${TARGET_BYTES} B target)`);
  }
  process.exit(over ? 1 : 0);
}
