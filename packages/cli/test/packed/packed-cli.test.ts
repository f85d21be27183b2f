// The packed CLI from an empty folder: `npm install` of its tarball with those of its unpublished
// dependencies (the client and the sandbox; openapi-fetch comes from npm's cache or the registry),
// then `npx merchant-ordering`, as a merchant's developer would run it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packPackage } from '@merchant-ordering/test-kit/pack';
import { cleanEnv, npmInstall } from '@merchant-ordering/test-kit/npm';
import { readPackedManifest } from '@merchant-ordering/test-kit/tarball';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const packagesDir = resolve(packageDir, '..');

let work: string;
let project: string;
let tarballs: Record<string, string>;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'packed-cli-'));
  tarballs = {};
  for (const name of ['cli', 'client', 'sandbox', 'types']) tarballs[name] = (await packPackage(join(packagesDir, name), join(work, 'tarballs'))).tarball;
  project = join(work, 'empty-folder');
  mkdirSync(project);
  await npmInstall(Object.values(tarballs), { cwd: project });
}, 240_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * `npx merchant-ordering ...`, exactly as a user types it, offline so that it can only run what was
 * installed, with no credentials in the environment. (`npx --no merchant-ordering --help` would print
 * npx's own help.)
 */
async function npx(...args: string[]) {
  const env = { ...cleanEnv(), npm_config_offline: 'true', MERCHANT_ID: '', SECRET_KEY: '', HOME: project, XDG_CONFIG_HOME: '' };
  try {
    const { stdout, stderr } = await run('npx', ['merchant-ordering', ...args], { cwd: project, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe('merchant-ordering installed from the packed tarballs', () => {
  it('depends on the client and the sandbox at their exact versions, and nothing else', () => {
    expect(readPackedManifest(tarballs.cli!).dependencies).toEqual({
      '@merchant-ordering/client': readPackedManifest(tarballs.client!).version,
      '@merchant-ordering/sandbox': readPackedManifest(tarballs.sandbox!).version,
    });
  });

  it('npx merchant-ordering --help works from there', async () => {
    const { code, stdout } = await npx('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: merchant-ordering <command> [flags]');
    expect(stdout).toContain('payments export');
  });

  it('npx merchant-ordering payments list --sandbox works with nothing set up', async () => {
    const { code, stdout } = await npx('payments', 'list', '--sandbox', '--limit', '2');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ totalResults: 1000, limit: 2 });
  });

  it('npx merchant-ordering payments export writes a 0600 CSV there', async () => {
    const { code } = await npx('payments', 'export', '--sandbox', '--format', 'csv', '--max', '10', '--out', 'payments.csv');
    expect(code).toBe(0);
    expect(statSync(join(project, 'payments.csv')).mode & 0o777).toBe(0o600);
  });

  it('a bad flag is one line and exit 2', async () => {
    const { code, stderr } = await npx('payments', 'list', '--limit');
    expect({ code, stderr }).toEqual({ code: 2, stderr: 'merchant-ordering: --limit needs a value: --limit N\n' });
  });
});
