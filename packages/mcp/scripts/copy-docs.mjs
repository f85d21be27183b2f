// Copies the docs' reference for agents (llms.txt, traps.md, llms-full.txt and the Markdown pages, built by
// @merchant-ordering/docs from the same description) into dist/docs/, where the server serves them as
// resources. turbo.json builds the docs first; a missing file fails the build rather than shipping
// a server without them.
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const source = join(packageDir, '../docs/dist');
const target = join(packageDir, 'dist/docs');

const wanted = ['llms.txt', 'traps.md', 'llms-full.txt', 'overview.md'];
for (const folder of ['operations', 'records']) {
  if (existsSync(join(source, folder)))
    for (const name of readdirSync(join(source, folder)).filter((file) => file.endsWith('.md'))) wanted.push(`${folder}/${name}`);
}
const missing = wanted.filter((file) => !existsSync(join(source, file)));
if (missing.length || !wanted.some((file) => file.startsWith('operations/'))) {
  console.error(`copy-docs: ${missing.join(', ') || 'operations/*.md'} missing from packages/docs/dist: build the docs first (turbo run build does)`);
  process.exit(1);
}
for (const file of wanted) {
  mkdirSync(dirname(join(target, file)), { recursive: true });
  cpSync(join(source, file), join(target, file));
}
console.log(`copy-docs: ${wanted.length} files into dist/docs/`);
