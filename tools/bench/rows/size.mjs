// Row 4 (method: BENCHMARKS.md): the client's size as its own size script measures it (reused as is), beside openapi-fetch and axios alone, bundled the same
// way for browsers.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { blocks, exactBytes, formatRatio, table, verdict } from '../lib/format.mjs';
import { repoRoot } from '../lib/workspace.mjs';

async function measure() {
  const { measureSize, BUDGETS = {}, TARGET_BYTES } = await import(`${repoRoot}packages/client/scripts/size.mjs`);
  const client = await measureSize();
  const [openapiFetch, axios] = await Promise.all([bundle('openapi-fetch'), bundle('axios')]);
  return { client, budgets: BUDGETS, target: TARGET_BYTES, openapiFetch, axios };
}

async function bundle(name) {
  const stdin = { contents: `export { default } from '${name}';\n`, resolveDir: new URL('.', import.meta.url).pathname, loader: 'js' };
  const result = await build({ stdin, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent' });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

function report({ client, budgets, target, openapiFetch, axios }) {
  const main = (name) => ['browser', 'node'].includes(name);
  const ratio = (s) => formatRatio(s.gzipped / openapiFetch.gzipped);
  const sizes = (s) => [exactBytes(s.minified), exactBytes(s.gzipped)];
  const label = (name) => (main(name) ? `client main entry, ${name} (\`measureSize().${name}\`)` : `client, \`measureSize().${name}\``);
  const rows = [
    ...Object.entries(client).map(([name, s]) => [label(name), ...sizes(s), budgets[name] ? exactBytes(budgets[name]) : '', main(name) ? ratio(s) : '']),
    ['openapi-fetch alone (`import createClient from "openapi-fetch"`)', ...sizes(openapiFetch), '', '1'],
    ['axios alone (`import axios from "axios"`)', ...sizes(axios), '', ratio(axios)],
  ];
  return blocks(
    "The client's numbers are whatever `measureSize()` in packages/client/scripts/size.mjs returns (esbuild, ESM, es2022, minified, gzip level 9; `browser` and `node` are every export of the main entry with what it imports, for browsers with `#node-transport` resolved to its stub, for Node with the node:http transport). openapi-fetch and axios are bundled here the same way for browsers, each from its default export.",
    table(['Bundle', 'Minified', 'Min + gzip', "Budget in the client's size script", 'Ratio to openapi-fetch (gzipped)'], rows),
    `**Target:** the client's main entry for browsers ≤ ${exactBytes(target)} min+gz, as the client's size script defines it: ${exactBytes(client.browser.gzipped)}, ${verdict(client.browser.gzipped <= target)}.`,
  );
}

export default { id: 'size', title: '4. Size', timeoutMs: 120_000, measure, report };
