// What a path is, named for a message, so that only regular files are read or replaced: a FIFO would
// block a read for ever, and a device or a link replaced by a rename is not what the user meant.
import type { Stats } from 'node:fs';

/** `a FIFO`, `a character device`, `a symbolic link` (from lstat), …; undefined for a regular file. */
export function notRegular(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}
