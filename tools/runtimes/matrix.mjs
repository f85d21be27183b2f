#!/usr/bin/env node
// `pnpm test:runtimes`: the consumer contract scenarios on every runtime of the matrix. Starts one
// Prism mock (on this Node), runs run-scenarios.mjs on each runtime in turn, prints a table and exits
// 1 if any scenario failed or went unreported, or a runtime is not the pinned version. `--only <runtime>`
// runs one of them (select.mjs), as CI's job matrix does.
// Its last line, "Runtime matrix: N passed, M failed", is what .ci/run adds to its totals.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPrism } from '../mock/prism.mjs';
import { createScenarioContext } from '../test/consumer/scenario-context.mjs';
import { listScenarios } from '../test/consumer/scenarios/index.mjs';
import { matrixRuntimes } from './runtimes.mjs';
import { scoreRun } from './score.mjs';
import { selectRuntimes } from './select.mjs';
import { spawnRuntime } from './spawn-runtime.mjs';
import { formatTable } from './table.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const script = resolve(here, 'run-scenarios.mjs');

const runtimes = selectRuntimes(matrixRuntimes(), process.argv.slice(2));
const prism = await startPrism();
const rows = [];
try {
  const expected = listScenarios(createScenarioContext(prism.url)).map((scenario) => scenario.name);
  console.log(`${expected.length} consumer scenarios on ${runtimes.length} runtimes, against Prism at ${prism.url}\n`);
  const env = { ...process.env, PRISM_URL: prism.url, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const runtime of runtimes) {
    rows.push(scoreRun(runtime, expected, await spawnRuntime(runtime, script, { cwd: repoRoot, env })));
  }
} finally {
  await prism.stop();
}

console.log(formatTable(rows));
for (const row of rows.filter((candidate) => candidate.problems.length)) {
  console.log(`\n${row.runtime} ${row.version}:`);
  for (const problem of row.problems) console.log(`  ${problem}`);
}
const passed = rows.reduce((sum, row) => sum + row.passed, 0);
const failed = rows.reduce((sum, row) => sum + row.failed, 0);
console.log(`\nRuntime matrix: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
