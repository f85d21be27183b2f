// `pnpm sandbox` reads its flags before turbo builds anything: --help, -h, --version and a bad flag
// are answered from the sandbox's own flag table (packages/sandbox/src/hosts/node/options.js, run from source),
// and only a run builds, then becomes the sandbox's bin with the same arguments (same process, so
// pnpm stays its parent). The launcher runs here in a copy of the sources it needs and nothing else:
// no dist/, and a stand-in turbo that records whether it ran.
import { execFile, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../release/packages.mjs';

const layouts = [];
afterAll(() => {
  for (const dir of layouts) rmSync(dir, { recursive: true, force: true });
});

const COPIED = [
  'package.json',
  'tools/sandbox.mjs',
  'tools/build-then-exec.mjs',
  'tools/command-line.mjs',
  'spec/package.json',
  'packages/sandbox/package.json',
  'packages/sandbox/src/hosts/node/options.js',
  'packages/sandbox/src/hosts/node/read-flags.js',
  'packages/sandbox/src/engine/defaults.js',
];

/** A checkout with only the launcher's sources; `turbo` stands in for the build (exit code given). */
function layout({ turboExit = 0 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'pnpm-sandbox-'));
  layouts.push(dir);
  for (const file of COPIED) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(dir, file));
  }
  const turbo = join(dir, 'node_modules/.bin/turbo');
  mkdirSync(dirname(turbo), { recursive: true });
  // The stand-in build writes the bin it "built": it reports its pid and arguments.
  writeFileSync(
    turbo,
    `#!/bin/sh
echo "$@" > '${dir}/turbo-ran'
mkdir -p '${dir}/packages/sandbox/dist'
echo 'console.log(JSON.stringify({ pid: process.pid, args: process.argv.slice(2) }))' > '${dir}/packages/sandbox/dist/cli.js'
exit ${turboExit}
`,
  );
  chmodSync(turbo, 0o755);
  return dir;
}

function launch(dir, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['tools/sandbox.mjs', ...args], { cwd: dir });
    const output = { stdout: '', stderr: '', pid: child.pid };
    child.stdout.on('data', (chunk) => (output.stdout += chunk));
    child.stderr.on('data', (chunk) => (output.stderr += chunk));
    child.on('exit', (code) => resolve({ ...output, code }));
  });
}

const version = JSON.parse(readFileSync(join(repoRoot, 'packages/sandbox/package.json'), 'utf8')).version;

describe('pnpm sandbox, before anything is built', () => {
  it.each(['--help', '-h'])('%s prints the usage and exits 0, without running turbo', async (flag) => {
    const dir = layout();
    const { code, stdout, stderr } = await launch(dir, [flag, '--port', '0']);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toMatch(/^usage: merchant-ordering-sandbox \[flags\]\n[\s\S]*--port <n>[\s\S]*--version/);
    expect(existsSync(join(dir, 'turbo-ran'))).toBe(false);
  });

  it("--version prints the sandbox package's version, without running turbo", async () => {
    const dir = layout();
    expect(await launch(dir, ['--version'])).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(existsSync(join(dir, 'turbo-ran'))).toBe(false);
  });

  it.each([
    [['--nope'], 'merchant-ordering-sandbox: unknown flag --nope (see merchant-ordering-sandbox --help)'],
    [['--port', 'abc'], 'merchant-ordering-sandbox: --port: "abc" is not a port number (0 picks a free one)'],
    [['--seed'], 'merchant-ordering-sandbox: --seed needs a value: --seed <seed>'],
  ])('%j is one line naming it, exit 2, without running turbo', async (args, line) => {
    const dir = layout();
    const { code, stdout, stderr } = await launch(dir, args);
    expect([code, stdout, stderr]).toEqual([2, '', `${line}\n`]);
    expect(existsSync(join(dir, 'turbo-ran'))).toBe(false);
  });
});

describe('pnpm sandbox, to run', () => {
  it('builds the sandbox with turbo, then becomes its bin with the same arguments, in the same process', async () => {
    const dir = layout();
    const { code, stdout, pid } = await launch(dir, ['--port', '0', '--seed', 'abc']);
    expect(code).toBe(0);
    expect(readFileSync(join(dir, 'turbo-ran'), 'utf8').trim()).toBe('run build --filter=@merchant-ordering/sandbox --output-logs=errors-only');
    expect(JSON.parse(stdout)).toEqual({ pid, args: ['--port', '0', '--seed', 'abc'] });
  });

  it('stops with the build when it fails: its exit code, and no sandbox', async () => {
    const dir = layout({ turboExit: 3 });
    const { code, stdout } = await launch(dir, ['--port', '0']);
    expect([code, stdout]).toEqual([3, '']);
  });
});

describe('pnpm sandbox --help in this repository', () => {
  it('prints the usage through pnpm and exits 0', async () => {
    const { stdout } = await promisify(execFile)('pnpm', ['--silent', 'sandbox', '--help'], { cwd: repoRoot, env: { ...process.env, FORCE_COLOR: '0' } });
    expect(stdout).toMatch(/^usage: merchant-ordering-sandbox \[flags\]\n/);
  });
});
