// What incremental mode cannot see. Stryker reuses a mutant's earlier result when the code it
// mutates and the tests that covered it read the same as before; it diffs only the mutated files and
// the test files. A change to anything else the tests depend on (a fixture, a helper, the vitest or
// Stryker config, a dependency, the description) can turn a killed mutant into a survivor unseen. The
// runner hashes those other files and runs the package cold when the hash differs from the one
// recorded with its last results.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const TEST_FILE = /\.test(-d)?\.[cm]?[jt]s$/;

/**
 * The hash of every file git knows (tracked, or new and not ignored) under `paths` (relative to
 * `repoRoot`), except `diffed` (paths relative to `packageDir`, the files Stryker compares itself),
 * test files (Stryker diffs those it runs; the ones vitest.mutation.config.mjs leaves out it never
 * runs, so they cannot change a result), Markdown (lists and notes, which no test reads) and the
 * results of runs (the incremental file and the record).
 */
export function inputsHash(repoRoot, packageDir, paths, diffed) {
  const skip = new Set([...diffed].map((file) => join(relative(repoRoot, packageDir), file)));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...paths], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  })
    .split('\0')
    .filter(
      (file) =>
        file && !skip.has(file) && !TEST_FILE.test(file) && !file.endsWith('.md') && !/\/(stryker-incremental\.json(\.gz)?|mutation-record\.json)$/.test(file),
    )
    .sort();
  const hash = createHash('sha256');
  for (const file of [...new Set(files)]) {
    let content;
    try {
      content = readFileSync(join(repoRoot, file));
    } catch {
      continue; // listed by git, deleted from the working tree
    }
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The files an incremental file records: the mutated ones and the test files (relative to the package). */
export function diffedFiles(incremental) {
  return [...Object.keys(incremental.files ?? {}), ...Object.keys(incremental.testFiles ?? {})];
}
