// Where the suite finds the site, the descriptions and the templates.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

export const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = join(packageDir, 'dist');
export const testOutput = join(packageDir, 'test-output');
export const specDir = dirname(require.resolve('@merchant-ordering/spec/package.json'));
export const publishedYaml = require.resolve('@merchant-ordering/spec/openapi.yaml');
export const publishedJson = require.resolve('@merchant-ordering/spec/openapi.json');

// Loose on purpose: the tests read an OpenAPI document, and a failed lookup fails the test anyway.
export type Json = any;

/** The published description, as the docs build reads it. */
export function readSpec(): Json {
  return JSON.parse(readFileSync(publishedJson, 'utf8'));
}

/** The docs-only bundle the site was built from (the description plus x-codeSamples). */
export function readDocsBundle(): Json {
  return JSON.parse(readFileSync(join(dist, 'openapi.docs.json'), 'utf8'));
}
