// `pnpm cli …` as a user runs it from the repository: pnpm itself is spawned, its stdout piped, as in
// `pnpm cli payments list --sandbox | jq .`. Nothing but the command's output may reach stdout.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

describe('pnpm cli', () => {
  it("pipes the command's JSON alone: `pnpm cli payments list --sandbox | jq .` works without -s", async () => {
    const { stdout } = await promisify(execFile)('pnpm', ['cli', 'payments', 'list', '--sandbox', '--limit', '2'], {
      cwd: repoRoot,
      env: { ...process.env, FORCE_COLOR: '0' },
      timeout: 300_000,
    });
    expect(() => JSON.parse(stdout), stdout.slice(0, 200)).not.toThrow();
    expect(JSON.parse(stdout)).toMatchObject({ totalResults: 1000, limit: 2 });
  }, 330_000);
});
