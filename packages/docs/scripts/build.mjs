#!/usr/bin/env node
// `pnpm build`: writes the static site into dist/.
//   dist/openapi.docs.json   the docs-only bundle: the published one plus code samples and schema sections
//   dist/index.html          Redoc, self-contained (`--inlineBundle`), footer logo served locally
//   dist/openapi.yaml|json   the published description, linked from the page for download
//   dist/try-it.js           the Try it console; dist/sandbox-sw.js, the sandbox that answers it in the page
//   dist/llms.txt, llms-full.txt, traps.md, overview.md, operations/*.md, records/*.md
//                            the reference for coding agents, in Markdown (scripts/markdown/reference.mjs)
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildConsole } from './build-console.mjs';
import { buildDocsBundle } from './docs-bundle.mjs';
import { LOCAL_LOGO, useLocalFooterLogo } from './offline-footer.mjs';
import { readSampleTemplates } from './sample-templates.mjs';
import { keepSearchWordBoundaries } from './search-word-boundaries.mjs';
import { withContentSecurityPolicy } from './content-security-policy.mjs';
import { agentReference } from './markdown/reference.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageDir, 'dist');
const require = createRequire(import.meta.url);
const published = {
  'openapi.yaml': require.resolve('@merchant-ordering/spec/openapi.yaml'),
  'openapi.json': require.resolve('@merchant-ordering/spec/openapi.json'),
};

const spec = JSON.parse(await readFile(published['openapi.json'], 'utf8'));
const templates = readSampleTemplates();

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });

const docsBundle = join(dist, 'openapi.docs.json');
await writeFile(docsBundle, `${JSON.stringify(buildDocsBundle(spec, templates), null, 2)}\n`);

const page = join(dist, 'index.html');
await promisify(execFile)(
  process.execPath,
  [require.resolve('@redocly/cli/bin/cli.js'), 'build-docs', docsBundle, '--inlineBundle', '--template', 'template.hbs', '--output', page],
  // cwd: redocly.yaml here holds `telemetry: off` and the Redoc options.
  { cwd: packageDir, env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
);
await writeFile(page, withContentSecurityPolicy(keepSearchWordBoundaries(useLocalFooterLogo(await readFile(page, 'utf8')))));
await copyFile(join(packageDir, 'assets', LOCAL_LOGO), join(dist, LOCAL_LOGO));

for (const [name, source] of Object.entries(published)) await copyFile(source, join(dist, name));
for (const [file, text] of agentReference(spec, templates)) {
  await mkdir(dirname(join(dist, file)), { recursive: true });
  await writeFile(join(dist, file), text);
}
await buildConsole(packageDir, dist);

console.log(`built ${(await readdir(dist, { recursive: true })).sort().join(', ')} in dist/`);
