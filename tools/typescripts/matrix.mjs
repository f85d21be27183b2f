#!/usr/bin/env node
// `pnpm test:typescript`: the consumer checks under every supported TypeScript major. Installs this
// folder's pinned compilers (frozen), builds what the checks pack, then runs the README check
// (tools/test/packed/readme-typescript.test.mjs) and the consumer projects (tools/test/packed/consumers.test.mjs) with
// MERCHANT_TYPESCRIPT_MATRIX=1, which makes them run once per compiler (typescripts.mjs).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build, readCommandLine, repoRoot } from '../command-line.mjs';

const CHECKS = ['test/packed/readme-typescript.test.mjs', 'test/packed/consumers.test.mjs'];

readCommandLine({
  command: 'pnpm test:typescript',
  usage: `usage: pnpm test:typescript

Checks the packages as consumers compile them, with every TypeScript major the packages support
(tools/typescripts/package.json: 5.9, 6.0, 7.0): the READMEs' programs and every package's declarations
in the client README's set-ups, and the consumer projects of tools/release/consumers.

  --version   the version of the API description
  -h, --help  this text`,
});

/** Runs a command from the repository root with the output shown; exits with its code when it fails. */
function step(command, args, options = {}) {
  const { status, signal } = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (status !== 0) process.exit(status ?? (signal === 'SIGINT' ? 130 : 1));
}

step('pnpm', ['--dir', 'tools/typescripts', 'install', '--frozen-lockfile']);
await build([
  'bundle',
  'build',
  '--filter=@merchant-ordering/spec',
  '--filter=@merchant-ordering/client',
  '--filter=@merchant-ordering/sandbox',
  '--output-logs=errors-only',
]);
const vitest = join(dirname(createRequire(join(repoRoot, 'package.json')).resolve('vitest/package.json')), 'vitest.mjs');
step(process.execPath, [vitest, 'run', ...CHECKS], {
  cwd: join(repoRoot, 'tools'),
  env: { ...process.env, MERCHANT_TYPESCRIPT_MATRIX: '1', MERCHANT_PACKED_TESTS: '1' },
});
