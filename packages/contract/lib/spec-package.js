// Where the installed @merchant-ordering/spec keeps the bundled description and the test vectors:
// the defaults of every command, so a team needs no path to check against the published contract.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const specPackageJson = createRequire(import.meta.url).resolve('@merchant-ordering/spec/package.json');

export const specPackageDir = dirname(specPackageJson);
export const bundledSpecPath = join(specPackageDir, 'dist/openapi.json');
export const vectorsDir = join(specPackageDir, 'vectors');
export const providerScenariosPath = join(vectorsDir, 'provider-scenarios.json');

/** The vector files, by name, with their absolute paths. */
export function vectorFiles() {
  return readdirSync(vectorsDir)
    .filter((name) => name.endsWith('.json') || name.endsWith('.md'))
    .sort()
    .map((name) => ({ name, path: join(vectorsDir, name) }));
}
