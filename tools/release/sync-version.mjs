#!/usr/bin/env node
// After `changeset version` (pnpm version-packages), copies the new versions into the files that carry
// them besides package.json, so that a release never names two versions:
//   - packages/client/src/version.ts: the client's version, which the User-Agent sends, and the
//     User-Agent examples that show it (the client README, the spec's User-Agent parameter);
//   - spec/openapi.yaml `info.version`: the spec package's version, which the docs title, the verifier's
//     banner and the generated types show (`pnpm generate`, run next, carries it into them).
// Tests keep each pair equal.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = new URL('../../', import.meta.url);
const versionOf = async (dir) => JSON.parse(await readFile(new URL(`${dir}/package.json`, root), 'utf8')).version;

/** Replaces the one match of `pattern` in `path` (relative to the root) with `replacement`. */
async function rewrite(path, pattern, replacement) {
  const file = fileURLToPath(new URL(path, root));
  const source = await readFile(file, 'utf8');
  if (!pattern.test(source)) throw new Error(`${file} has nothing matching ${pattern} to update`);
  await writeFile(file, source.replace(pattern, replacement));
}

const client = await versionOf('packages/client');
await rewrite('packages/client/src/version.ts', /export const VERSION = '[^']*';/, `export const VERSION = '${client}';`);
for (const path of ['packages/client/README.md', 'spec/components/parameters/UserAgent.yaml']) {
  await rewrite(path, /@merchant-ordering\/client\/\d+\.\d+\.\d+(?:-[\w.]+)?/g, `@merchant-ordering/client/${client}`);
}
console.log(`packages/client/src/version.ts, README.md and the spec's User-Agent example: ${client}`);

const spec = await versionOf('spec');
// The `version:` line of the top-level `info:` block (two-space indent, before the next top-level key).
await rewrite('spec/openapi.yaml', /^(info:\n(?: {2}.*\n|\n)*? {2}version: ).*$/m, `$1${spec}`);
console.log(`spec/openapi.yaml: info.version ${spec}`);
