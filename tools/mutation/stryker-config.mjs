// What every package's stryker.config.mjs shares: the vitest runner, per-test coverage, incremental
// mode with its file committed (gzipped, by run.mjs) beside the config, the sandbox placed where the package's relative
// imports of the workspace still resolve, and the reports the runner (run.mjs) reads.
import { availableParallelism } from 'node:os';
import { basename, resolve } from 'node:path';

const RUNNERS = 4;

const plugin = (name) => import.meta.resolve(name);

/**
 * @param {object} options
 * @param {string[]} options.mutate globs of the code to mutate, relative to the package
 * @param {number} options.breakAt the lowest mutation score (in %) that passes
 * @param {boolean} [options.typescript] type-check each mutant first (TypeScript packages)
 */
export function strykerConfig({ mutate, breakAt, typescript = false }) {
  const name = basename(process.cwd());
  const output = resolve('../../tools/mutation-output', name);
  return {
    testRunner: 'vitest',
    plugins: [plugin('@stryker-mutator/vitest-runner'), ...(typescript ? [plugin('./file-checker.mjs')] : [])],
    // Mutants that do not compile are not run (and do not count): no one could ship them.
    checkers: typescript ? ['file-typescript'] : [],
    // vitest.mutation.config.mjs names the tests (not Stryker's testFiles, which runs static mutants
    // unmutated: stryker-js#6144); `related` would narrow them by imports, and miss some.
    vitest: { configFile: 'vitest.mutation.config.mjs', related: false },
    coverageAnalysis: 'perTest',
    // A static mutant (in code run once, when a module loads: a top-level table or constant) has no
    // per-test coverage, so each would run every test with the modules reloaded: on the contract kit,
    // 13 % of the mutants took 84 % of the time. They are left out, and counted as ignored.
    ignoreStatic: true,
    mutate,
    // Not copied into the sandbox: the results and records of earlier runs, and test output.
    ignorePatterns: ['stryker-incremental.json', 'stryker-incremental.json.gz', 'mutation-record.json', 'test-output'],
    incremental: true,
    incrementalFile: 'stryker-incremental.json',
    // The sandbox copy sits two levels below the repository, as the package does, so a test's
    // `../../../../tools/...` import reaches the same file from the copy.
    tempDirName: `../../.stryker-tmp-${name}`,
    cleanTempDir: 'always',
    thresholds: { high: Math.max(breakAt, 90), low: breakAt, break: breakAt },
    reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
    clearTextReporter: { allowColor: false, logTests: false, reportTests: false, reportMutants: true, reportScoreTable: true },
    jsonReporter: { fileName: `${output}/mutation.json` },
    htmlReporter: { fileName: `${output}/mutation.html` },
    // Four test runners, and with a checker four checkers beside them: the tests mostly wait (on
    // deadlines, retries, sockets), and with two runners the client's run left the cores 60 % idle.
    concurrency: typescript ? 2 * RUNNERS : RUNNERS,
    // A mutant whose tests outrun timeoutFactor × their dry-run time + timeoutMS counts as detected.
    // The dry run had the cores to itself; four runners share them, so each test runs up to
    // runners/cores times slower, and a survivor covered by many tests would outrun a fixed factor
    // and be counted a kill. The factor grows with that share. A mutant that loops is caught by the
    // hit limit, and one that waits by the tests' own limit (mutationTests in packages.mjs).
    timeoutMS: 5_000,
    timeoutFactor: 2 * Math.max(1, RUNNERS / availableParallelism()),
  };
}
