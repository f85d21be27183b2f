// What a path is, as each refusal names it: every kind lstat can report, and the fallback.
import type { Stats } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notRegular } from '../../src/file-kind.js';

const KINDS = ['isFile', 'isDirectory', 'isSymbolicLink', 'isFIFO', 'isCharacterDevice', 'isBlockDevice', 'isSocket'] as const;
/** Stats that answer true to `kind` only (none: a kind Node does not know). */
const stats = (kind?: (typeof KINDS)[number]) => Object.fromEntries(KINDS.map((name) => [name, () => name === kind])) as unknown as Stats;

describe('notRegular', () => {
  it.each<[(typeof KINDS)[number] | undefined, string | undefined]>([
    ['isFile', undefined],
    ['isDirectory', 'a folder'],
    ['isSymbolicLink', 'a symbolic link'],
    ['isFIFO', 'a FIFO'],
    ['isCharacterDevice', 'a character device'],
    ['isBlockDevice', 'a block device'],
    ['isSocket', 'a socket'],
    [undefined, 'not a regular file'],
  ])('%s: %s', (kind, name) => {
    expect(notRegular(stats(kind))).toBe(name);
  });
});
