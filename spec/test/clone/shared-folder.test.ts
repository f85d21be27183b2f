// A clone from GitHub has no `../shared` beside it. The checks that read that folder (test/shared)
// then skip in one line that says why and how to run them; a run that asks for them
// (MERCHANT_REQUIRE_SHARED=1, set by .ci/run) fails with that line; a folder that is there but empty
// fails the checks rather than passing them. Turbo runs them uncached, with the variables declared,
// so a change to the folder is never answered from the cache.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import specTests from '../../vitest.config';
import { specDir } from '../support/paths';

const repoRoot = resolve(specDir, '..');
const scratch = mkdtempSync(join(tmpdir(), 'no-shared-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `pnpm test:shared` in spec/ (node test/shared/run.mjs) with this environment: exit code and output. */
async function runSharedChecks(env: Record<string, string>) {
  const { MERCHANT_SHARED_DIR: _dir, MERCHANT_REQUIRE_SHARED: _required, ...rest } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['test/shared/run.mjs'], {
      cwd: specDir,
      env: { ...rest, FORCE_COLOR: '0', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const missing = join(scratch, 'nothing-here');
const LINE = new RegExp(
  `^Real-sample checks skipped: ${missing}/reference/real-samples does not exist \\(.+\\)\\. ` +
    'To run them, set MERCHANT_SHARED_DIR to that folder, or put it beside the clone as \\.\\./shared\\.\\n$',
);

describe('the real-sample checks on a clone without the reference folder', () => {
  it('are skipped with one line saying why and how to run them, and exit 0', async () => {
    const run = await runSharedChecks({ MERCHANT_SHARED_DIR: missing });
    expect(run).toEqual({ code: 0, stdout: expect.stringMatching(LINE), stderr: '' });
  });

  it('fail with that same line when MERCHANT_REQUIRE_SHARED=1 asks for them', async () => {
    const run = await runSharedChecks({ MERCHANT_SHARED_DIR: missing, MERCHANT_REQUIRE_SHARED: '1' });
    expect(run).toEqual({ code: 1, stdout: '', stderr: expect.stringMatching(LINE) });
  });

  it('run, and fail, when the folder is there but holds no samples: never a pass for want of data', async () => {
    const empty = join(scratch, 'empty');
    mkdirSync(join(empty, 'reference/real-samples'), { recursive: true });
    const run = await runSharedChecks({ MERCHANT_SHARED_DIR: empty });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('SOURCES.md is missing');
  }, 120_000);
});

describe('turbo and CI', () => {
  const turbo = JSON.parse(readFileSync(join(repoRoot, 'turbo.json'), 'utf8'));
  const rootScripts = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts;

  it('run them as their own uncached task, with the folder and the requirement passed through', () => {
    expect(turbo.tasks['@merchant-ordering/spec#test:shared']).toMatchObject({
      cache: false,
      env: expect.arrayContaining(['MERCHANT_SHARED_DIR', 'MERCHANT_REQUIRE_SHARED']),
    });
    expect(rootScripts.test).toMatch(/turbo run .*\btest test:shared$/);
  });

  it('keep them out of the cached test task', () => {
    expect(specTests.test?.exclude).toContain('test/shared/**');
  });

  it('.ci/run requires them', () => {
    expect(readFileSync(join(repoRoot, '.ci/run'), 'utf8')).toMatch(/^export [^\n]*\bMERCHANT_REQUIRE_SHARED=1\b/m);
  });
});
