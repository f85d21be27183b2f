// The root README's "Before the first release" lines, followed as written in an empty folder: pack
// every public package into release/, install the tarballs together, run the contract kit with npx.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { cleanEnv, withRegistryRetry } from '@merchant-ordering/test-kit/npm';
import { publicPackages, repoRoot } from '../../release/packages.mjs';

const run = promisify(execFile);
// Bounds a hung step; a stalled registry answer is retried well within it (cleanEnv()).
const STEP_GUARD_MS = 240_000;
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const block = /## Before the first release[^\n]*\n[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const lines = block.split('\n').filter((line) => line && !line.startsWith('#'));
const folder = mkdtempSync(join(tmpdir(), 'readme-tarballs-'));
// The npx line says "without a project": it runs in a folder of its own, so nothing installed above can stand in.
const bare = mkdtempSync(join(tmpdir(), 'readme-npx-'));
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
  rmSync(bare, { recursive: true, force: true });
});

/** One README line in `cwd` with the clone's path for /path/to/clone, through bash (the globs), in cleanEnv()'s environment; npm's registry failures retried once. */
async function follow(line, cwd) {
  const command = line.replaceAll('/path/to/clone', repoRoot);
  const attempt = () => run('bash', ['-c', command], { cwd, env: cleanEnv(), timeout: STEP_GUARD_MS, maxBuffer: 16 * 1024 * 1024 });
  const failed = (error) =>
    `"${line}" failed (${error.killed ? `killed after ${STEP_GUARD_MS / 1000} s` : `exit ${error.code}`}):\n${error.stdout}${error.stderr}`;
  return withRegistryRetry(attempt, { where: `"${line}"`, describe: failed });
}

it('packs in the clone, installs every tarball together in an empty folder, and runs the kit with npx', async () => {
  expect(lines[0]).toBe('pnpm release:dry');
  await follow(lines[0], repoRoot);
  for (const line of lines.slice(1, -1)) await follow(line, folder);
  const installed = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).dependencies;
  expect(Object.keys(installed).sort()).toEqual(publicPackages().map(({ name }) => name));
  const { stdout } = await follow(lines.at(-1), bare);
  expect(lines.at(-1)).toMatch(/^npx .*--package .*merchant-ordering-contract-\*\.tgz .*merchant-ordering-contract vectors$/);
  expect(stdout).toMatch(/@merchant-ordering\/spec\/vectors\/date-time\.json/);
}, 600_000);
