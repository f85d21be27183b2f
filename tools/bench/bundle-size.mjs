// Item 4, size: the client's main entry with what it imports, minified and gzipped, as the client's own
// size script measures it (packages/client/scripts/size.mjs, reused, whatever entries it returns),
// beside openapi-fetch alone and axios alone (their default export, as an application imports them),
// bundled here the same way: esbuild, ESM, es2022, minified, browser platform, gzip level 9.
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { hashDist } from './lib/client-snapshot.mjs';
import { benchDir, liveClientDir } from './lib/paths.mjs';
import { runAsScript } from './lib/processes.mjs';

/** Used when the size script does not export its own target. */
const DEFAULT_TARGET_BYTES = 6144;

export async function measureBundleSize({ log = console.log } = {}) {
  const sizeScript = await import(pathToFileURL(`${liveClientDir}/scripts/size.mjs`).href);
  const { sizes, distHash } = await measureClientSizes(sizeScript.measureSize, log);
  const entries = Object.entries(sizes).filter(([, value]) => Number.isFinite(value?.gzipped));
  if (!entries.length) throw new Error(`measureSize() returned no { minified, gzipped } entry: ${JSON.stringify(sizes)}`);
  // The browser bundle is what the target is about; a future shape without it falls back to the first entry.
  const primary = sizes.browser ? 'browser' : entries[0][0];
  const [openapiFetch, axios] = await Promise.all([bundlePackage('openapi-fetch'), bundlePackage('axios')]);
  return {
    title: 'Size',
    method: { bundler: 'esbuild', format: 'esm', target: 'es2022', platform: 'browser', gzipLevel: 9 },
    clientDistHash: distHash,
    client: Object.fromEntries(entries),
    primary,
    openapiFetch,
    axios,
    ratios: {
      'client + openapi-fetch / openapi-fetch (gzipped)': sizes[primary].gzipped / openapiFetch.gzipped,
      'client + openapi-fetch / axios (gzipped)': sizes[primary].gzipped / axios.gzipped,
    },
    // Per-entry budgets, when the size script declares them (it enforces them; they are shown beside the sizes).
    budgets: sizeScript.BUDGETS ?? {},
    target: { bytes: sizeScript.TARGET_BYTES ?? DEFAULT_TARGET_BYTES, of: `client main entry (${primary}), gzipped` },
  };
}

/**
 * measureSize() bundles the live dist/, which the workspace rebuilds in place: retry a failed
 * measurement, and keep only one taken while the same build was there from start to end.
 */
async function measureClientSizes(measureSize, log) {
  for (let attempt = 1; ; attempt++) {
    try {
      const before = hashDist(liveClientDir);
      const sizes = await measureSize();
      if (hashDist(liveClientDir) === before) return { sizes, distHash: before };
      throw new Error('the client was rebuilt during the measurement');
    } catch (error) {
      if (attempt === 3) throw error;
      log(`  size: ${error.message}; trying again in 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
}

/** A package as an application imports it (`import createClient from 'openapi-fetch'`, `import axios from 'axios'`), bundled for browsers. */
async function bundlePackage(name) {
  const result = await build({
    stdin: { contents: `export { default } from '${name}';\n`, resolveDir: benchDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

await runAsScript(import.meta.url, () => measureBundleSize());
