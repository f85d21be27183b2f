import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedOriginals } from '../support/paths.js';

// Without the shared folder (a clone outside the workplace) there is nothing to compare against.
describe.runIf(sharedOriginals.length > 0)('reference copies', () => {
  it.each(sharedOriginals)('$copy equals the shared original', ({ copy, original }) => {
    expect(readFileSync(copy, 'utf8'), `${copy} differs from ${original}: copy the update in and review the spec`).toBe(
      readFileSync(original, 'utf8'),
    );
  });
});
