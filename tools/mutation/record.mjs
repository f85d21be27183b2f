// A package's mutation record (packages/<name>/mutation-record.json): the figures of its last run
// (score, counts, Stryker's version, the commit, the date, the duration, the load) and a hash of the
// files that decide them: its mutated files and its mutation tests, nothing else. Not the lockfile, the
// root package.json, spec/ or other packages (a change there is the nightly full run's to catch), nor a
// file every release rewrites (`unhashed`). check.mjs recomputes the hash: a package whose mutated
// code or tests changed since its recorded run fails until the record is refreshed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, matchesGlob, posix } from 'node:path';
import { packageDir, PACKAGES, repoRoot } from './packages.mjs';

export const RECORD_SCHEMA = 1;
export const recordFile = (pkg) => join(packageDir(pkg), 'mutation-record.json');

/** Files git knows under `root` (tracked, or new and not ignored), relative to it, `/`-separated. */
function knownFiles(root, paths) {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...paths], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  })
    .split('\0')
    .filter((file) => file && existsSync(join(root, file)));
}

/**
 * Those of `files` (repo-relative) that match `patterns` (relative to the package, `!` to leave out, as
 * Stryker's `mutate` and vitest's `include`/`exclude` are written).
 */
function matching(files, dir, include, exclude = []) {
  const fromRoot = (pattern) => posix.normalize(posix.join(dir, pattern));
  const wanted = include.map(fromRoot);
  const unwanted = exclude.map(fromRoot);
  return files.filter((file) => wanted.some((glob) => matchesGlob(file, glob)) && !unwanted.some((glob) => matchesGlob(file, glob)));
}

/** The repo-relative files a package's record hashes: its mutated files and its mutation tests. */
export function hashedFiles(pkg, root = repoRoot) {
  const { include, exclude = [] } = pkg.tests;
  const tests = include.map((pattern) => posix.normalize(posix.join(pkg.dir, pattern)));
  // The tests may sit outside the package (the contract kit's corpus test in tools/test).
  const files = knownFiles(root, [pkg.dir, ...new Set(tests.map((test) => posix.dirname(test.split('*')[0])))]);
  const mutated = matching(
    files,
    pkg.dir,
    pkg.mutate.filter((glob) => !glob.startsWith('!')),
    [...pkg.mutate.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1)), ...(pkg.unhashed ?? [])],
  );
  const testFiles = matching(files, pkg.dir, include, exclude);
  return { mutated: [...new Set(mutated)].sort(), tests: [...new Set(testFiles)].sort() };
}

/** sha256 of each file's path and content, in order; `root` is the repository (or a copy of it). */
export function sourcesHash(pkg, root = repoRoot) {
  const { mutated, tests } = hashedFiles(pkg, root);
  const hash = createHash('sha256');
  for (const file of [...mutated, ...tests]) {
    const content = readFileSync(join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return { hash: hash.digest('hex'), mutatedFiles: mutated.length, testFiles: tests.length };
}

export function readRecord(pkg, root = repoRoot) {
  const file = join(root, pkg.dir, 'mutation-record.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

export function writeRecord(pkg, record) {
  writeFileSync(recordFile(pkg), `${JSON.stringify({ schema: RECORD_SCHEMA, package: pkg.name, ...record }, null, 2)}\n`);
}

/** Every package's record, as BENCHMARKS.md's mutation section reads them. */
export function readRecords() {
  return { packages: Object.fromEntries(PACKAGES.map((pkg) => [pkg.name, readRecord(pkg)]).filter(([, record]) => record)) };
}

/**
 * Why a package's record does not vouch for its code (one line naming the command that refreshes
 * it), or undefined: no record, mutated files or mutation tests changed since the run, or a recorded
 * score under the threshold.
 */
export function recordProblem(pkg, root = repoRoot) {
  const refresh = `pnpm test:mutation ${pkg.name}`;
  const record = readRecord(pkg, root);
  if (!record) return `${pkg.dir} has no mutation record: run \`${refresh}\``;
  // A first run that was interrupted keeps its results for the next one, and has no figures yet.
  if (!record.run) return `${pkg.dir} has no complete mutation run yet: run \`${refresh}\``;
  if (sourcesHash(pkg, root).hash !== record.sources?.hash) {
    return `${pkg.dir}: its mutated code or mutation tests changed since the run recorded at ${record.run?.commit} on ${record.run?.date?.slice(0, 10)}: refresh with \`${refresh}\``;
  }
  if (!(record.score >= record.breakAt))
    return `${pkg.dir}: recorded mutation score ${record.score?.toFixed(2) ?? 'none'} % is under its threshold ${record.breakAt} %: kill survivors, then \`${refresh}\``;
  return undefined;
}
