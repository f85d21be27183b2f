// The packages under mutation testing, each with a stryker.config.mjs, a vitest.mutation.config.mjs
// (the tests Stryker runs), a stryker-survivors.md, a mutation-record.json (its last run, record.mjs)
// and a stryker-incremental.json.gz beside them, and what its tests read outside the package (for
// inputs.mjs: a change there runs the package cold).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../command-line.mjs';
import { QuickestFirst } from './quickest-first.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const outputDir = join(repoRoot, 'tools/mutation-output');

/**
 * Read by every package: Stryker (its version and the shared config; the runner's own scripts change
 * no result), the dependencies, the workspace's test helpers.
 */
const SHARED = [
  'tools/mutation/stryker-config.mjs',
  'tools/mutation/package.json',
  'tools/mutation/pnpm-lock.yaml',
  'pnpm-lock.yaml',
  'package.json',
  'tools/test/helpers',
  'test-kit/lib',
];

/**
 * Each package's Stryker set-up, read by its stryker.config.mjs (mutationPackage) and by the record's
 * hash (record.mjs): `mutate` (globs of the code mutated, relative to the package), `breakAt` (the
 * lowest passing score), `typescript` (type-check each mutant), `tests` (the tests Stryker runs, read
 * by its vitest.mutation.config.mjs), `reads` (what its tests read outside
 * the mutated code: a change there runs the package cold, inputs.mjs) and `unhashed` (mutated files
 * left out of the record's hash).
 */
export const PACKAGES = [
  // The verifier checks against the bundled description and the vectors, and redacts with the client;
  // the breaking-change check runs on the corpus of tools/breaking too.
  {
    name: 'contract',
    dir: 'packages/contract',
    mutate: ['lib/**/*.js'],
    // Those that call lib/ in this process; the rest run lib/cli.js in a child process.
    tests: {
      include: [
        'test/breaking/*.test.mjs',
        // The breaking-change check on the corpus of known changes (tools/breaking), which oasdiff runs on too.
        '../../tools/test/breaking/corpus.test.mjs',
        'test/cli/command-line.test.mjs',
        'test/cli/read-flags.test.mjs',
        'test/cli/run-process.test.mjs',
        'test/formats/*.test.mjs',
        'test/provider/body-reader.test.mjs',
        'test/provider/credentials-and-formats.test.mjs',
        'test/provider/exchange-checks.test.mjs',
        'test/provider/exchange-rules.test.mjs',
        'test/provider/json-limits.test.mjs',
        'test/provider/junit-report.test.mjs',
        'test/provider/scenario-runner.test.mjs',
        'test/provider/schema-validator.test.mjs',
        'test/provider/spec-document.test.mjs',
        'test/provider/verify.test.mjs',
        'test/provider/violation-preview.test.mjs',
      ],
    },
    breakAt: 85,
    reads: [...SHARED, 'spec', 'packages/client/src', 'tools/breaking', 'tools/test/breaking'],
  },
  // The sandbox's tests check every answer with the test kit's answer check (test-kit/lib, in SHARED).
  {
    name: 'sandbox',
    dir: 'packages/sandbox',
    mutate: ['src/**/*.ts', 'src/**/*.js'],
    // Not the package gates (they pack and lint dist/), the process tests (the built bin), the browser
    // ones (Chromium loads the built service worker) nor the heap ones (a Node of their own, on dist/).
    tests: {
      include: ['test/**/*.test.ts'],
      exclude: ['test/packaging/**', 'test/process/**', 'test/service-worker/**', 'test/in-process/**', 'test/equivalence/service-worker.test.ts'],
    },
    breakAt: 85,
    typescript: true,
    reads: [...SHARED, 'spec'],
  },
  // The walk against the sandbox runs the built sandbox.
  {
    name: 'client',
    dir: 'packages/client',
    // The types come from @merchant-ordering/types; the generated rules modules are data the tests check.
    mutate: ['src/**/*.ts'],
    // Not the package gates (they pack dist/) nor the calls against Prism (a server of the description).
    tests: { include: ['test/**/*.test.ts'], exclude: ['test/packaging/**', 'test/prism/**'] },
    breakAt: 85,
    typescript: true,
    reads: [...SHARED, 'spec', 'packages/sandbox/src'],
    // Every release rewrites it; the nightly full run measures it.
    unhashed: ['src/version.ts'],
  },
  // The commands run in process (runCli) against the sandbox, through the client.
  {
    name: 'cli',
    dir: 'packages/cli',
    // read-flags.js too: the sandbox's flag reader, copied byte for byte (tools/test/start/flags-one-way.test.mjs).
    mutate: ['src/**/*.ts', 'src/**/*.js'],
    // Not the package gates, the packed and process tests (bin/ runs dist/ in a worker thread, where no
    // mutant is switched on) nor the terminal ones (tmux around the built bin).
    tests: {
      include: ['test/**/*.test.ts'],
      exclude: [
        'test/packaging/**',
        'test/packed/**',
        'test/help/process.test.ts',
        'test/export/kill-and-resume.test.ts',
        'test/progress/terminal.test.ts',
        'test/**/*-tmux.test.ts',
      ],
    },
    breakAt: 85,
    typescript: true,
    reads: [...SHARED, 'spec', 'packages/client/src', 'packages/sandbox/src'],
  },
];

export const PACKAGE_NAMES = PACKAGES.map(({ name }) => name);

/** readCommandLine's `check` for the commands that take package names: an unknown one is a UsageError. */
export function checkPackageNames(parsed) {
  const unknown = parsed.positionals.filter((name) => !PACKAGE_NAMES.includes(name));
  if (unknown.length) throw new UsageError(`unknown package ${unknown.join(', ')}; the packages are ${PACKAGE_NAMES.join(', ')}`);
  return parsed;
}

/** The packages named, or all of them when none is. */
export const selectedPackages = (positionals) => PACKAGES.filter(({ name }) => positionals.length === 0 || positionals.includes(name));

const find = (name) => {
  const pkg = PACKAGES.find((candidate) => candidate.name === name);
  if (!pkg) throw new Error(`no mutation set-up for package ${name}`);
  return pkg;
};

/** What a package's stryker.config.mjs passes to strykerConfig. */
export function mutationPackage(name) {
  const { mutate, breakAt, typescript = false } = find(name);
  return { mutate, breakAt, typescript };
}

/**
 * What a package's vitest.mutation.config.mjs sets: the tests Stryker runs (`include`, `exclude`), in
 * the order that kills soonest (quickest-first.mjs), in one process, and a test's time limit. No
 * mutation test takes 4 s unmutated (3.2 s at most, the contract kit's deadlines); a mutant that makes
 * one wait (a stall never answered) fails it at the limit, a kill, rather than holding its worker
 * until Stryker's own timeout restarts it.
 */
export function mutationTests(name) {
  const { include, exclude = [] } = find(name).tests;
  return {
    include,
    exclude: [...exclude, '**/node_modules/**'],
    sequence: { sequencer: QuickestFirst },
    // One process runs all of a mutant's covering files, not one process each: the files' own
    // start-up was half of the suite's CPU. vitest starts a new one for each run (each mutant), so no
    // state outlives a mutant; every mutation suite passes so, in one process (vitest --no-isolate).
    isolate: false,
    testTimeout: 10_000,
    hookTimeout: 20_000,
  };
}

export const packageDir = (pkg) => join(repoRoot, pkg.dir);
export const incrementalFile = (pkg) => join(packageDir(pkg), 'stryker-incremental.json');
export const survivorsFile = (pkg) => join(packageDir(pkg), 'stryker-survivors.md');
export const reportFile = (pkg) => join(outputDir, pkg.name, 'mutation.json');
