#!/usr/bin/env node
// `pnpm check:mutation`: whether each package's mutation record still describes its code, without
// running Stryker. Recomputes the hash of the package's mutated files and mutation tests (record.mjs)
// and fails, one line per package, when it differs from the recorded one (the code or its tests
// changed since the run), when there is no record, or when the recorded score is under the package's
// threshold; each line names the command that refreshes the record, an incremental run that retests
// only what the change touched.
import { readCommandLine } from '../command-line.mjs';
import { checkPackageNames, PACKAGE_NAMES, selectedPackages } from './packages.mjs';
import { recordProblem } from './record.mjs';

const names = PACKAGE_NAMES;
const { positionals } = readCommandLine({
  command: 'pnpm check:mutation',
  usage: `usage: pnpm check:mutation [${names.join('|')} ...]

Fails when a package's mutated files or mutation tests changed since the run recorded in its
mutation-record.json, when it has no record, or when the recorded score is under its threshold;
\`pnpm test:mutation <package>\` refreshes the record. Runs no mutant (tools/mutation/README.md).

  --version   the version of the API description
  -h, --help  this text`,
  options: {},
  allowPositionals: true,
  check: checkPackageNames,
});

const problems = selectedPackages(positionals)
  .map((pkg) => recordProblem(pkg))
  .filter(Boolean);
for (const line of problems) console.error(`check:mutation: ${line}`);
if (problems.length === 0) console.log(`check:mutation: the records of ${positionals.length ? positionals.join(', ') : names.join(', ')} are current`);
process.exitCode = problems.length ? 1 : 0;
