// Our breaking-change check (packages/contract) on the corpus of known changes that `pnpm test:breaking`
// also runs oasdiff on (tools/breaking): every breaking change found, no harmless one flagged. This part
// needs no Go, so it runs in `pnpm test`; the side-by-side table with oasdiff runs in the generator job.
import { findChanges, loadSpec } from '@merchant-ordering/contract';
import { describe, expect, it } from 'vitest';
import { CORPUS, descriptionsOf } from '../../breaking/corpus.mjs';

const spec = loadSpec();

describe('the breaking-change corpus', () => {
  it('holds the kinds of change the CHANGELOG has seen, oasdiff checks and the toolkit rules name', () => {
    expect(new Set(CORPUS.map((testCase) => testCase.source))).toEqual(new Set(['changelog', 'oasdiff', 'toolkit']));
    expect(new Set(CORPUS.map((testCase) => testCase.id)).size).toBe(CORPUS.length);
  });

  it.each(CORPUS)('$id: ours says breaking = $breaking', (testCase) => {
    const { base, head } = descriptionsOf(testCase, spec);
    expect(JSON.stringify(base), 'the case changes something').not.toBe(JSON.stringify(head));
    const breaking = findChanges(base, head).filter((change) => change.breaking);
    expect(breaking.length > 0, JSON.stringify(breaking.map((change) => `${change.kind} ${change.where}`))).toBe(testCase.breaking);
  });
});
