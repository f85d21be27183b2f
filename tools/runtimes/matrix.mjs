#!/usr/bin/env node
// `pnpm test:runtimes`: the built client's scenarios (scenarios/) and the sandbox's engine on every
// runtime of the matrix. Starts one node:http sandbox (on this Node) and records its answers to the
// sandbox's equivalence set (the reference), then for each runtime:
//   - Node 20/22/24, Bun, Deno: run-scenarios.mjs runs the client's scenarios against that sandbox,
//     the same scenarios with an in-process sandbox (packages/sandbox/dist/fetch.js) as the client's
//     fetch, and the equivalence set through it, compared with the reference;
//   - workerd, with Node.js compatibility off: the engine served over HTTP by a worker (workerd.mjs),
//     the client's scenarios run against it from this Node, and, inside workerd, a check that the
//     worker has nothing of Node and the equivalence set in process.
// Prints a table and exits 1 if any scenario failed or went unreported, or a runtime is not the pinned
// version. `--only <runtime>` runs one of them (select.mjs), as CI's job matrix does.
// Its last line, "Runtime matrix: N passed, M failed", is what .ci/run adds to its totals. It reads its
// flags first, then installs this folder's runtimes (frozen) and builds the client and the sandbox.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, readCommandLine, repoRoot, UsageError } from '../command-line.mjs';
import { matrixRuntimes, runtimeKeys } from './runtimes.mjs';
import { selectRuntimes } from './select.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const script = resolve(here, 'run-scenarios.mjs');

const keys = runtimeKeys();
const { values } = readCommandLine({
  command: 'pnpm test:runtimes',
  usage: `usage: pnpm test:runtimes [--only <runtime>]

Installs the matrix's runtimes (tools/runtimes, frozen), builds the client and the sandbox, then runs
the client's scenarios on each runtime against one sandbox, and the sandbox's engine on each (in
process, and in workerd), as a table (tools/runtimes/README.md).

  --only <runtime>  one runtime: ${keys.join(', ')}
  --version         the version of the API description
  -h, --help        this text`,
  options: { only: { type: 'string', value: '<runtime>' } },
  check: (parsed) => {
    const { only } = parsed.values;
    if (only !== undefined && !keys.includes(only)) throw new UsageError(`--only ${only}: no such runtime in the matrix (${keys.join(', ')})`);
    return parsed;
  },
});

const installed = spawnSync('pnpm', ['--dir', 'tools/runtimes', 'install', '--frozen-lockfile'], { cwd: repoRoot, stdio: 'inherit' });
if (installed.status !== 0) process.exit(installed.status ?? 1);
await build(['build', '--filter=@merchant-ordering/client', '--filter=@merchant-ordering/sandbox', '--output-logs=errors-only']);
// Imported once built: a fresh clone has no packages/sandbox/dist before the build above.
const { exitWhenOrphaned, startSandbox } = await import('@merchant-ordering/sandbox');
const { equivalenceScenarioName, NOTHING_OF_NODE } = await import('../../test-kit/lib/equivalence.js');
const { loadEquivalenceGroups, nodeHttpAnswers } = await import('./equivalence/node-http.mjs');
const { IN_PROCESS, listScenarios } = await import('./scenarios/index.mjs');
const { scoreRun } = await import('./score.mjs');
const { spawnRuntime } = await import('./spawn-runtime.mjs');
const { formatTable } = await import('./table.mjs');
const { startWorkerd, workerdRuntime, workerdVersion } = await import('./workerd.mjs');

const nodes = matrixRuntimes();
const runtimes = selectRuntimes([...nodes, workerdRuntime()], values.only === undefined ? [] : ['--only', values.only]);
// Ctrl+C, SIGTERM, or the pnpm that started us going away (pnpm 10 exits on SIGTERM without passing it
// on) end the run: exiting takes the in-process sandbox and a running runtime (spawn-runtime.mjs) along.
for (const [signal, number] of Object.entries({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 })) process.once(signal, () => process.exit(128 + number));
exitWhenOrphaned(() => process.exit(1), { intervalMs: 250 });

const scratch = mkdtempSync(join(tmpdir(), 'runtime-matrix-'));
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
const groups = await loadEquivalenceGroups();
const reference = [];
for (const group of groups) reference.push(await nodeHttpAnswers(startSandbox, group));
const equivalenceFile = join(scratch, 'equivalence.json');
writeFileSync(equivalenceFile, JSON.stringify({ groups, reference }));

const sandbox = await startSandbox({ port: 0 });
const rows = [];
try {
  const { url, credentials } = sandbox;
  const overHttp = listScenarios({ baseUrl: url, credentials }).map((scenario) => scenario.name);
  const inProcess = listScenarios({ baseUrl: url, credentials, fetch }, { prefix: IN_PROCESS }).map((scenario) => scenario.name);
  const equivalence = groups.map(equivalenceScenarioName);
  console.log(
    `${overHttp.length} client scenarios over HTTP, ${inProcess.length} on the engine in process and ${equivalence.length} equivalence groups (${reference.flat().length} requests), on ${runtimes.length} runtimes, against the sandbox at ${url}\n`,
  );
  const env = {
    ...process.env,
    SANDBOX_URL: url,
    SANDBOX_MERCHANT_ID: credentials.merchantId,
    SANDBOX_SECRET_KEY: credentials.secretKey,
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  for (const runtime of runtimes) {
    if (runtime.name === 'workerd') {
      rows.push(scoreRun(runtime, [...overHttp, NOTHING_OF_NODE, ...equivalence], await runOnWorkerd(runtime, env)));
    } else {
      rows.push(
        scoreRun(
          runtime,
          [...overHttp, ...inProcess, ...equivalence],
          await spawnRuntime(runtime, script, { cwd: repoRoot, env: { ...env, EQUIVALENCE_FILE: equivalenceFile } }),
        ),
      );
    }
  }
} finally {
  await sandbox.close();
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

/**
 * workerd hosts the engine; the client's scenarios run from the workspace's pinned Node (24) against
 * it over HTTP, and the equivalence set runs inside it. One row, as spawnRuntime reports a runtime.
 */
async function runOnWorkerd(runtime, env) {
  const started = performance.now();
  const harness = nodes.find((candidate) => candidate.name === 'node 24');
  let host;
  try {
    host = await startWorkerd(runtime);
    const answered = await fetch(`${host.url}/__matrix/equivalence`, { method: 'POST', body: JSON.stringify({ groups, reference }) });
    const equivalenceResults = answered.ok ? await answered.json() : [];
    const run = await spawnRuntime(harness, script, { cwd: repoRoot, env: { ...env, SANDBOX_URL: host.url } });
    const report = run.report && { runtime: 'workerd', version: workerdVersion(runtime), results: [...run.report.results, ...equivalenceResults] };
    const problems = answered.ok ? '' : `\n/__matrix/equivalence answered ${answered.status}: ${await answered.text()}`;
    return { ...run, report, seconds: (performance.now() - started) / 1000, output: `${run.output}${problems}\n${host.output()}`.trim() };
  } catch (error) {
    return { code: null, seconds: (performance.now() - started) / 1000, report: undefined, output: `${error?.stack ?? error}\n${host?.output() ?? ''}` };
  } finally {
    await host?.close();
  }
}
