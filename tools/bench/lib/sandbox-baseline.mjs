// The sandbox as main had it before the engine (issue 21), built into a temporary folder, so that the
// node:http host's throughput is compared side by side with it in the same run. The sources come from
// git (`git archive` of that commit); esbuild transpiles them file by file, as tsc would emit them
// (no bundling, the same module graph), since a checkout of an old commit has no node_modules of its own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

/** main before the engine: the sandbox's last commit on main with its server in one node:http module. */
export const SANDBOX_BASELINE = '3fdbed8bb25986f7a67f870691c1bb2e494423dc';

/** Builds packages/sandbox at `commit`; returns its dist/index.js and a function that deletes it all. */
export async function buildSandboxAt(commit = SANDBOX_BASELINE) {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-baseline-'));
  try {
    const archive = spawnSync('git', ['archive', '--format=tar', commit, 'packages/sandbox/src', 'packages/sandbox/package.json'], { cwd: repoRoot, maxBuffer: 64 * 2 ** 20 });
    if (archive.status !== 0) throw new Error(`git archive ${commit} failed (the bench needs a git checkout with that commit): ${archive.stderr}`);
    const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
    const src = join(dir, 'packages/sandbox/src');
    const dist = join(dir, 'packages/sandbox/dist');
    mkdirSync(dist);
    const esbuild = createRequire(join(repoRoot, 'tools/package.json'))('esbuild');
    await esbuild.build({
      entryPoints: readdirSync(src).filter((file) => /\.(ts|js)$/.test(file)).map((file) => join(src, file)),
      outdir: dist,
      format: 'esm',
      platform: 'node',
      target: 'es2022',
      logLevel: 'silent',
    });
    return { entry: join(dist, 'index.js'), commit, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
