#!/usr/bin/env node
// Where a package's mutation run spends its time, from its committed results: Stryker's incremental
// file says which tests covered each mutant and how many ran before it was killed, but not how long a
// test takes; one vitest run of the mutation tests (its JSON reporter) gives that. A mutant's cost is
// then the time of the tests Stryker runs on it: every covering test for a survivor, and about
// `testsCompleted` of them for a killed one. Printed by mutated file, by test file and by test, with
// the share of the costliest tenth of the mutants. Figures are estimates of test time only (not
// Stryker's own overhead per mutant, nor the TypeScript checker's); their ratios are what matter.
//
//   node tools/mutation/cost.mjs contract
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readCommandLine, UsageError } from '../command-line.mjs';
import { incrementalFile, PACKAGES, packageDir, repoRoot } from './packages.mjs';

const names = PACKAGES.map(({ name }) => name);
const { positionals } = readCommandLine({
  command: 'node tools/mutation/cost.mjs',
  usage: `usage: node tools/mutation/cost.mjs <${names.join('|')}>

Runs the package's mutation tests once (vitest, JSON reporter) and prints where its mutation run spends
its time, from the committed stryker-incremental.json.gz (tools/mutation/README.md).

  --version   the version of the API description
  -h, --help  this text`,
  options: {},
  allowPositionals: true,
  check: (parsed) => {
    if (parsed.positionals.length !== 1 || !names.includes(parsed.positionals[0])) throw new UsageError(`name one package: ${names.join(', ')}`);
    return parsed;
  },
});

const pkg = PACKAGES.find(({ name }) => name === positionals[0]);
const incremental = JSON.parse(gunzipSync(readFileSync(`${incrementalFile(pkg)}.gz`)).toString('utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'mutation-cost-'));
const output = join(scratch, 'vitest.json');
const run = spawnSync(
  join(repoRoot, 'node_modules/.bin/vitest'),
  ['run', '--config', 'vitest.mutation.config.mjs', '--reporter=json', `--outputFile=${output}`],
  { cwd: packageDir(pkg), stdio: ['ignore', 'ignore', 'inherit'] },
);
if (run.status !== 0) console.error(`(vitest exited ${run.status}: the durations of the tests that ran are used)`);
const vitest = JSON.parse(readFileSync(output, 'utf8'));
rmSync(scratch, { recursive: true, force: true });

const duration = new Map(vitest.testResults.flatMap((file) => file.assertionResults.map((test) => [test.fullName, test.duration ?? 0])));
const tests = new Map(
  Object.entries(incremental.testFiles).flatMap(([file, { tests: list }]) =>
    list.map((test) => [test.id, { file, name: test.name, ms: duration.get(test.name) }]),
  ),
);
const known = [...tests.values()].filter((test) => test.ms !== undefined);
const meanMs = known.reduce((sum, test) => sum + test.ms, 0) / Math.max(known.length, 1);
const msOf = (id) => tests.get(id)?.ms ?? meanMs;

const byFile = new Map();
const byTestFile = new Map();
const byTest = new Map();
const byStatus = new Map();
const costs = [];
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
const counts = { mutants: 0, static: 0, notRun: 0 };
for (const [file, { mutants }] of Object.entries(incremental.files)) {
  for (const mutant of mutants) {
    counts.mutants++;
    if (mutant.static) counts.static++;
    if (['Ignored', 'CompileError', 'NoCoverage', 'RuntimeError'].includes(mutant.status)) {
      counts.notRun++;
      continue;
    }
    const covering = mutant.coveredBy ?? [];
    const ran = mutant.status === 'Survived' ? covering.length : Math.min(mutant.testsCompleted ?? 1, Math.max(covering.length, 1));
    const each = covering.length ? covering.reduce((sum, id) => sum + msOf(id), 0) / covering.length : meanMs;
    const ms = ran * each;
    costs.push(ms);
    add(byFile, file, ms);
    add(byStatus, mutant.status, ms);
    for (const id of covering) {
      add(byTestFile, tests.get(id)?.file ?? '(unknown)', ms / covering.length);
      add(byTest, tests.get(id)?.name ?? id, ms / covering.length);
    }
  }
}
const total = costs.reduce((sum, ms) => sum + ms, 0);
const top = [...costs]
  .sort((a, b) => b - a)
  .slice(0, Math.ceil(costs.length / 10))
  .reduce((sum, ms) => sum + ms, 0);
const rows = (map, limit = 10) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(
      ([key, ms]) =>
        `  ${(ms / 1000).toFixed(1).padStart(8)} s  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key.length > 110 ? `${key.slice(0, 109)}…` : key}`,
    )
    .join('\n');

console.log(
  `${pkg.name}: ${counts.mutants} mutants in the incremental file, ${counts.static} static, ${counts.notRun} not run by any test (ignored, not compiling, not covered)`,
);
console.log(
  `estimated test time of one full run: ${(total / 1000).toFixed(0)} s over ${costs.length} mutants run; the costliest tenth of them take ${((100 * top) / total).toFixed(0)} % of it`,
);
console.log(`\nby status\n${rows(byStatus)}\n\nby mutated file\n${rows(byFile)}\n\nby test file\n${rows(byTestFile)}\n\nby test\n${rows(byTest)}`);
