#!/usr/bin/env node
// `pnpm test:mutation`: Stryker on each package of packages.mjs in turn, incremental from the
// committed stryker-incremental.json.gz unless what it cannot see changed (inputs.mjs), then the
// survivors checked against the package's list (survivors.mjs), the figures recorded in the
// package's mutation-record.json (record.mjs) and BENCHMARKS.md regenerated. Exits 1 when a package is under its break threshold,
// has a survivor that is not listed with a reason, or Stryker fails. Its last line is "Mutation testing:
// N passed, M failed" (packages).
//
//   pnpm test:mutation                  every package
//   pnpm test:mutation contract         the packages named
//   pnpm test:mutation --force          every mutant again, as on a clean machine
// It reads its flags first, then builds what the tests import and installs Stryker (tools/mutation,
// frozen).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { build, readCommandLine } from '../command-line.mjs';
import { writeBenchmarksPage } from '../bench/lib/page.mjs';
import { describeMachine } from '../bench/lib/machine.mjs';
import { inflateIncremental, keepIncremental } from './incremental-file.mjs';
import { diffedFiles, inputsHash } from './inputs.mjs';
import { checkPackageNames, incrementalFile, PACKAGE_NAMES, PACKAGES, packageDir, repoRoot, reportFile, selectedPackages, survivorsFile } from './packages.mjs';
import { readRecord, sourcesHash, writeRecord } from './record.mjs';
import { scoreReport, undetectedMutants } from './score.mjs';
import { checkSurvivors, formatRow, parseSurvivors } from './survivors.mjs';

const STRYKER = join(repoRoot, 'tools/mutation/node_modules/@stryker-mutator/core/bin/stryker.js');
const STRYKER_VERSION = JSON.parse(readFileSync(join(repoRoot, 'tools/mutation/package.json'), 'utf8')).devDependencies['@stryker-mutator/core'];
const names = PACKAGE_NAMES;

const { values, positionals } = readCommandLine({
  command: 'pnpm test:mutation',
  usage: `usage: pnpm test:mutation [--force] [${names.join('|')} ...]

Builds the workspace, installs Stryker (tools/mutation, frozen), then runs it on each package named
(all by default), incremental from the committed stryker-incremental.json.gz; fails a package under
its break threshold or with a survivor not listed in its stryker-survivors.md (tools/mutation/README.md).
Writes the package's mutation-record.json and BENCHMARKS.md's mutation section.

  --force     every mutant again, as on a clean machine with no incremental file
  --version   the version of the API description
  -h, --help  this text`,
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
  check: checkPackageNames,
});
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(
    `pnpm test:mutation: Stryker needs Node 22 or later, this is ${process.version}; run it as \`pnpm test:mutation\` (the workspace's pinned Node)`,
  );
  process.exit(2);
}

await build(['bundle', 'build', ...PACKAGES.map(({ dir }) => `--filter=./${dir}`), '--filter=@merchant-ordering/spec', '--output-logs=errors-only']);
const installed = spawnSync('pnpm', ['--dir', 'tools/mutation', 'install', '--frozen-lockfile'], { cwd: repoRoot, stdio: 'inherit' });
if (installed.status !== 0) process.exit(installed.status ?? 1);

// Ctrl+C and SIGTERM reach Stryker, which stops its workers and removes its sandbox.
let stryker;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stryker?.exitCode === null) stryker.kill('SIGINT');
    else process.exit(130);
  });
}

const selected = selectedPackages(positionals);
const verdicts = [];
for (const pkg of selected) {
  const verdict = await mutate(pkg);
  verdicts.push(verdict);
  if (verdict.interrupted) break;
}
writeBenchmarksPage();

console.log('\nMutation testing, by package:');
for (const { name, line } of verdicts) console.log(`  ${name}: ${line}`);
const failed = verdicts.filter((verdict) => !verdict.passed).length;
console.log(`\nMutation testing: ${verdicts.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;

async function mutate(pkg) {
  const dir = packageDir(pkg);
  const previous = inflateIncremental(incrementalFile(pkg));
  const record = readRecord(pkg);
  const recorded = record?.inputsHash;
  const hashBefore = previous ? inputsHash(repoRoot, dir, pkg.reads.concat(pkg.dir), diffedFiles(previous)) : null;
  const why = values.force
    ? '--force'
    : !previous
      ? 'no stryker-incremental.json.gz'
      : hashBefore !== recorded
        ? `inputs changed that incremental mode cannot see (hash ${hashBefore}, recorded ${recorded ?? 'none'})`
        : null;
  console.log(`\n== ${pkg.name}: ${why ? `cold (${why})` : 'incremental'}`);

  const machine = describeMachine(repoRoot);
  const started = performance.now();
  const { code, output } = await runStryker(dir, why ? ['--force'] : []);
  const durationMs = performance.now() - started;
  if (code === 130 || code === null) {
    // Stryker keeps the results it has in the incremental file: the next run goes on from them. The
    // record keeps its figures (and its sources hash: they are still the last complete run's).
    if (existsSync(incrementalFile(pkg)))
      writeRecord(pkg, { ...record, inputsHash: inputsHash(repoRoot, dir, pkg.reads.concat(pkg.dir), diffedFiles(keepIncremental(incrementalFile(pkg)))) });
    return { name: pkg.name, passed: false, interrupted: true, line: 'interrupted' };
  }
  if (!existsSync(reportFile(pkg)) || !existsSync(incrementalFile(pkg)))
    return { name: pkg.name, passed: false, line: `Stryker exited ${code} without a report` };

  const report = JSON.parse(readFileSync(reportFile(pkg), 'utf8'));
  const kept = keepIncremental(incrementalFile(pkg));

  const { counts, mutants, score } = scoreReport(report);
  const breakAt = report.thresholds.break;
  const listed = existsSync(survivorsFile(pkg)) ? parseSurvivors(readFileSync(survivorsFile(pkg), 'utf8')) : [];
  const { unlisted, unexplained, stale } = checkSurvivors(undetectedMutants(report), listed);
  const reused = /(\d+) of (\d+) mutant result\(s\) are reused/.exec(output);
  const run = {
    full: Boolean(why),
    date: machine.date,
    commit: machine.git?.head ?? null,
    uncommittedFiles: machine.git?.uncommittedFiles ?? null,
    durationMs: Math.round(durationMs),
    mutantsTested: reused ? Number(reused[2]) - Number(reused[1]) : mutants,
    cores: machine.cores,
    node: machine.node,
    loadAverageAtStart: machine.loadAverageAtStart,
    loadAverageAtEnd: os.loadavg().map((load) => Number(load.toFixed(2))),
  };
  writeRecord(pkg, {
    score,
    breakAt,
    counts,
    mutants,
    listedSurvivors: listed.length - stale.length,
    stryker: STRYKER_VERSION,
    run,
    // The last run that tested every mutant: its time is the one the nightly job and the issue quote.
    lastFullRun: run.full ? run : (record?.lastFullRun ?? null),
    sources: sourcesHash(pkg),
    inputsHash: inputsHash(repoRoot, dir, pkg.reads.concat(pkg.dir), diffedFiles(kept)),
  });

  const problems = [];
  if (score === null || score < breakAt) problems.push(`score ${score?.toFixed(2) ?? 'none'} % is under the break threshold ${breakAt} %`);
  if (code !== 0 && problems.length === 0) problems.push(`Stryker exited ${code}`);
  if (unlisted.length) {
    problems.push(`${unlisted.length} surviving mutant(s) not in ${pkg.dir}/stryker-survivors.md: kill each with a test, or list it with why no test can`);
    console.log(
      `\n${pkg.name}: surviving mutants not listed (rows for stryker-survivors.md):\n${unlisted.map((mutant) => `${formatRow(mutant)}  <- line ${mutant.line}, ${mutant.status}`).join('\n')}`,
    );
  }
  if (unexplained.length)
    problems.push(`${unexplained.length} listed survivor(s) without a reason (lines ${unexplained.map((row) => row.line).join(', ')} of stryker-survivors.md)`);
  if (stale.length) console.log(`\n${pkg.name}: listed but killed now, remove from stryker-survivors.md: lines ${stale.map((row) => row.line).join(', ')}`);
  const summary = `${score?.toFixed(2) ?? '—'} % (break at ${breakAt} %), ${counts.Survived + counts.NoCoverage} survivors of ${mutants} mutants, ${why ? 'cold' : 'incremental'} in ${Math.round(durationMs / 1000)} s`;
  return { name: pkg.name, passed: problems.length === 0, line: problems.length ? `${summary}; FAILED: ${problems.join('; ')}` : summary };
}

/** Runs `stryker run` in the package, its output shown and kept (for the incremental summary line). */
function runStryker(cwd, args) {
  return new Promise((resolve) => {
    stryker = spawn(process.execPath, [STRYKER, 'run', ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    stryker.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    stryker.on('exit', (code, signal) => resolve({ code: signal ? 130 : code, output }));
  });
}
