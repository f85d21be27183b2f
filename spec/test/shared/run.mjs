#!/usr/bin/env node
// `test:shared` (turbo runs it uncached, so a change to the folder is always seen): the checks that
// read the team's reference folder. Without the folder: one line and exit 0, or exit 1 when
// MERCHANT_REQUIRE_SHARED=1 asks for them. With it: vitest on test/shared.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingSharedLine, sharedDir, sharedPresent, sharedRequired } from './folder.mjs';

if (!sharedPresent()) {
  const required = sharedRequired();
  (required ? console.error : console.log)(missingSharedLine());
  process.exit(required ? 1 : 0);
}

const specDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const vitest = resolve(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const { status, signal } = spawnSync(process.execPath, [vitest, 'run', '--config', 'vitest.shared.config.ts'], {
  cwd: specDir,
  stdio: 'inherit',
  env: { ...process.env, MERCHANT_SHARED_DIR: sharedDir },
});
process.exit(status ?? (signal ? 1 : 0));
