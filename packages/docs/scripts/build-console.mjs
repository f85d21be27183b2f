// Bundles the Try it console (console/main.ts -> try-it.js, with the published description and the
// sample templates inside) and the site's Service Worker (console/service-worker.ts -> sandbox-sw.js:
// the sandbox in the page, and the site kept for a visit without a network) into the site, with
// esbuild: plain browser scripts, minified, no outside URL. The worker is told the site's files and
// a digest of their contents, so a new build replaces what the last one kept.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { build } from 'esbuild';

export const CONSOLE_FILES = { 'try-it.js': 'console/main.ts', 'sandbox-sw.js': 'console/service-worker.ts' };

/** `import text from './file?raw'`: the file's text, as Vite reads it too. */
const rawText = {
  name: 'raw-text',
  setup(builder) {
    builder.onResolve({ filter: /\?raw$/ }, ({ path, resolveDir }) => ({ path: join(resolveDir, path.slice(0, -'?raw'.length)), namespace: 'raw-text' }));
    builder.onLoad({ filter: /.*/, namespace: 'raw-text' }, async ({ path }) => ({ contents: await readFile(path, 'utf8'), loader: 'text' }));
  },
};

/**
 * @param {string} packageDir  packages/docs
 * @param {string} dist  the site folder
 * @returns {Promise<string[]>} the files written
 */
export async function buildConsole(packageDir, dist) {
  const bundle = (output, define = {}) =>
    build({
      entryPoints: [join(packageDir, CONSOLE_FILES[output])],
      outfile: join(dist, output),
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: ['chrome111', 'firefox111', 'safari16.4'],
      minify: true,
      legalComments: 'none',
      plugins: [rawText],
      define,
      logLevel: 'warning',
    });
  await bundle('try-it.js');
  // Every file of the site, those in folders too (operations/*.md), as paths relative to it.
  const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => file !== 'sandbox-sw.js')
    .sort();
  const digest = createHash('sha256');
  for (const file of files)
    digest
      .update(file)
      .update('\0')
      .update(await readFile(join(dist, file)))
      .update('\0');
  await bundle('sandbox-sw.js', { SITE_FILES: JSON.stringify(files), SITE_VERSION: JSON.stringify(digest.digest('hex').slice(0, 16)) });
  return Object.keys(CONSOLE_FILES);
}
