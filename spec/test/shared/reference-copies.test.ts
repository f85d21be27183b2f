// The in-repo copies of the API document and the public facts (spec/reference/) equal their originals
// in the team's reference folder.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiDocumentFile, publicFactsFile } from '../support/paths';
import { sharedDir } from './folder.mjs';

const originals = [
  { copy: apiDocumentFile, original: resolve(sharedDir, 'api-document.md') },
  { copy: publicFactsFile, original: resolve(sharedDir, 'reference/public-api-facts.md') },
];

describe('reference copies', () => {
  it.each(originals)('$copy equals the shared original', ({ copy, original }) => {
    expect(readFileSync(copy, 'utf8'), `${copy} differs from ${original}: copy the update in and review the spec`).toBe(readFileSync(original, 'utf8'));
  });
});
