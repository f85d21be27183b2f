// The sample templates as Node reads them from samples/ (the console bundles the same files as text).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from './code-samples.mjs';

export const samplesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'samples');

/** template path (relative to samples/) -> text, for every language. */
export function readSampleTemplates() {
  return Object.fromEntries(LANGUAGES.map(({ template }) => [template, readFileSync(join(samplesDir, template), 'utf8')]));
}
