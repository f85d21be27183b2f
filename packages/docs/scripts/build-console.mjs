// Bundles the Try it console (console/main.ts -> try-it.js, with the published description and the
// sample templates inside) into the site, with esbuild: a plain browser script, minified, no outside URL.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

export const CONSOLE_FILES = { 'try-it.js': 'console/main.ts' };

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
  await Promise.all(
    Object.entries(CONSOLE_FILES).map(([output, entry]) =>
      build({
        entryPoints: [join(packageDir, entry)],
        outfile: join(dist, output),
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: ['chrome111', 'firefox111', 'safari16.4'],
        minify: true,
        legalComments: 'none',
        plugins: [rawText],
        logLevel: 'warning',
      }),
    ),
  );
  return Object.keys(CONSOLE_FILES);
}
