// tools/bench/results/mutation.json: each package's last mutation score, with the date, the commit and
// the machine it was measured on, its last cold and last incremental run, and the hash of the inputs
// incremental mode cannot see (inputs.mjs). Committed with the incremental files, so a clean clone
// knows whether its incremental files still apply. BENCHMARKS.md's mutation section is made from it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './packages.mjs';

export const resultsFile = join(repoRoot, 'tools/bench/results/mutation.json');

export function readResults(file = resultsFile) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { schema: 1, packages: {} };
}

/** Records one package's run: its figures replace the last ones, its time replaces the last of its kind. */
export function recordRun(results, name, { figures, run, inputsHash }) {
  const previous = results.packages[name] ?? {};
  return {
    ...results,
    packages: {
      ...results.packages,
      [name]: { ...figures, inputsHash, runs: { ...previous.runs, [run.cold ? 'cold' : 'incremental']: run } },
    },
  };
}

/** Records the inputs hash of an interrupted run's incremental file, and keeps the package's last figures. */
export function recordInputs(results, name, inputsHash) {
  return { ...results, packages: { ...results.packages, [name]: { ...results.packages[name], inputsHash } } };
}

export function writeResults(results, file = resultsFile) {
  const packages = Object.fromEntries(Object.keys(results.packages).sort().map((name) => [name, results.packages[name]]));
  writeFileSync(file, `${JSON.stringify({ ...results, packages }, null, 2)}\n`);
}
