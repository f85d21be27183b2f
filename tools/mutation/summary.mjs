#!/usr/bin/env node
// Markdown for a CI job's summary ($GITHUB_STEP_SUMMARY): each named package's recorded run, its
// score against its threshold, its counts, its time and the machine's load. Reads the records only.
import { readCommandLine } from '../command-line.mjs';
import { checkPackageNames, PACKAGE_NAMES, selectedPackages } from './packages.mjs';
import { readRecord } from './record.mjs';

const names = PACKAGE_NAMES;
const { positionals } = readCommandLine({
  command: 'node tools/mutation/summary.mjs',
  usage: `usage: node tools/mutation/summary.mjs [${names.join('|')} ...]

Prints, as Markdown, the mutation record of each package named (all by default).

  --version   the version of the API description
  -h, --help  this text`,
  options: {},
  allowPositionals: true,
  check: checkPackageNames,
});

const lines = [
  '| Package | Score | Break at | Verdict | Killed | Timed out | Survived | No coverage | Static, not run | Do not compile | Run | Duration | Load at start | Commit |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const pkg of selectedPackages(positionals)) {
  const record = readRecord(pkg);
  if (!record?.run) {
    lines.push(`| ${pkg.name} | no result | ${pkg.breakAt} % | **fails** | | | | | | | | | | |`);
    continue;
  }
  const { score, breakAt, counts, run } = record;
  const passes = score !== null && score >= breakAt;
  lines.push(
    [
      pkg.name,
      score === null ? '—' : `${score.toFixed(2)} %`,
      `${breakAt} %`,
      passes ? 'passes' : '**fails**',
      counts.Killed,
      counts.Timeout,
      counts.Survived,
      counts.NoCoverage,
      counts.Ignored,
      counts.CompileError + counts.RuntimeError,
      run.full ? 'full' : `incremental (${run.mutantsTested} of ${record.mutants} tested)`,
      `${Math.round(run.durationMs / 60_000)} min`,
      run.loadAverageAtStart.join(' '),
      run.commit,
    ].reduce((row, cell) => `${row} ${cell} |`, '|'),
  );
}
console.log(lines.join('\n'));
