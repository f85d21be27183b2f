#!/usr/bin/env node
// `pnpm test:schemathesis`: Schemathesis, with its default checks on every operation, against a fresh
// sandbox on a free port. hooks.py lets through only the answers the API document prescribes (cited
// there). Exits with Schemathesis's code: non-zero on any failure. Extra arguments go to
// `schemathesis run` (e.g. `--seed 7`, `--max-examples 500`). Needs `bash tools/schemathesis/setup.sh`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, readCommandLine } from '../command-line.mjs';

// Every other argument is Schemathesis's, so only help and version are ours.
readCommandLine({
  command: 'pnpm test:schemathesis',
  usage: `usage: pnpm test:schemathesis [schemathesis run options, e.g. --seed 7 --max-examples 500]

Builds the spec and the sandbox, then runs Schemathesis (its default checks, every operation) against a
fresh sandbox on a free port. Needs \`bash tools/schemathesis/setup.sh\` first.

  --version   the version of the API description
  -h, --help  this text`,
  args: process.argv.slice(2).filter((arg) => ['--help', '-h', '--version'].includes(arg)),
});
await build(['bundle', 'build', '--filter=@merchant-ordering/spec', '--filter=@merchant-ordering/sandbox', '--output-logs=errors-only']);

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const schemathesis = join(here, '.venv/bin/schemathesis');
const spec = join(root, 'spec/dist/openapi.json');
const sandboxModule = join(root, 'packages/sandbox/dist/index.js');
// A fixed seed makes a CI failure reproducible; pass --seed to explore further.
const DEFAULT_SEED = '1';

for (const [path, fix] of [
  [schemathesis, 'bash tools/schemathesis/setup.sh'],
  [spec, 'pnpm --filter @merchant-ordering/spec bundle'],
  [sandboxModule, 'pnpm --filter @merchant-ordering/sandbox build'],
]) {
  if (!existsSync(path)) {
    console.error(`test:schemathesis: ${path} is missing; run \`${fix}\` first`);
    process.exit(1);
  }
}

const { startSandbox, exitWhenOrphaned, DEFAULT_CREDENTIALS } = await import(pathToFileURL(sandboxModule).href);
const sandbox = await startSandbox({ port: 0 });
const { merchantId, secretKey } = DEFAULT_CREDENTIALS;
const extra = process.argv.slice(2);
const args = [
  'run',
  spec,
  '--url',
  sandbox.url,
  '--auth',
  `${merchantId}:${secretKey}`,
  '--generation-database',
  'none', // no .hypothesis folder left behind
  '--workers',
  '1', // a shared 2-core machine
  '--no-color',
  ...(extra.includes('--seed') ? [] : ['--seed', DEFAULT_SEED]),
  ...extra,
];
console.log(`test:schemathesis: sandbox at ${sandbox.url}; schemathesis ${args.slice(1).join(' ').replace(secretKey, '***')}`);

// Schemathesis runs in a scratch folder so that nothing it might write lands in the repository.
const scratch = mkdtempSync(join(tmpdir(), 'schemathesis-'));
const child = spawn(schemathesis, args, {
  cwd: scratch,
  stdio: 'inherit',
  env: {
    ...process.env,
    SCHEMATHESIS_HOOKS: 'hooks',
    PYTHONPATH: here,
    MERCHANT_SPEC_DEREFERENCED: join(root, 'spec/dist/openapi.dereferenced.json'),
  },
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await sandbox.close();
  rmSync(scratch, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(130));
exitWhenOrphaned(() => void stop(1));
child.on('error', (error) => {
  console.error(`test:schemathesis: could not run ${schemathesis}: ${error.message}`);
  void stop(1);
});
child.on('exit', (code, signal) => void stop(code ?? (signal ? 1 : 0)));
