#!/usr/bin/env node
// `pnpm test:runtimes`: the built client's scenarios (scenarios/) on every runtime of the matrix. Starts
// one sandbox (on this Node), runs run-scenarios.mjs on each runtime in turn, prints a table and exits
// 1 if any scenario failed or went unreported, or a runtime is not the pinned version. `--only <runtime>`
// runs one of them (select.mjs), as CI's job matrix does.
// Its last line, "Runtime matrix: N passed, M failed", is what .ci/run adds to its totals. It reads its
// flags first, then installs this folder's runtimes (frozen) and builds the client and the sandbox.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
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
the client's scenarios on each runtime against one sandbox, as a table (tools/runtimes/README.md).

  --only <runtime>  one runtime: ${keys.join(', ')}
  --version         the version of the API description
  -h, --help        this text`,
  options: { only: { type: 'string' } },
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
const { listScenarios } = await import('./scenarios/index.mjs');
const { scoreRun } = await import('./score.mjs');
const { spawnRuntime } = await import('./spawn-runtime.mjs');
const { formatTable } = await import('./table.mjs');

const runtimes = selectRuntimes(matrixRuntimes(), values.only === undefined ? [] : ['--only', values.only]);
// Ctrl+C, SIGTERM, or the pnpm that started us going away (pnpm 10 exits on SIGTERM without passing it
// on) end the run: exiting takes the in-process sandbox and a running runtime (spawn-runtime.mjs) along.
for (const [signal, number] of Object.entries({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 })) process.once(signal, () => process.exit(128 + number));
exitWhenOrphaned(() => process.exit(1), { intervalMs: 250 });
const sandbox = await startSandbox({ port: 0 });
const rows = [];
try {
  const { url, credentials } = sandbox;
  const expected = listScenarios({ baseUrl: url, credentials }).map((scenario) => scenario.name);
  console.log(`${expected.length} client scenarios on ${runtimes.length} runtimes, against the sandbox at ${url}\n`);
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
    rows.push(scoreRun(runtime, expected, await spawnRuntime(runtime, script, { cwd: repoRoot, env })));
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
