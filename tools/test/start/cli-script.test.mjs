// `pnpm cli` builds the CLI, then runs its bin: turbo's lines go to stderr, so the command's stdout is
// the CLI's alone (`pnpm cli export > payments.csv` holds CSV only).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../release/packages.mjs';

const { version } = JSON.parse(readFileSync(join(repoRoot, 'packages/cli/package.json'), 'utf8'));

describe('pnpm cli', () => {
  it('prints only the CLI output on stdout, after building', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(repoRoot, 'tools/cli.mjs'), '--version'], {
      cwd: repoRoot,
      env: { ...process.env, FORCE_COLOR: '0' },
      timeout: 120_000,
    });
    expect(stdout.trim().split('\n')).toEqual([expect.stringContaining(version)]);
  }, 150_000);
});
