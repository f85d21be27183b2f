// Package checks against the built dist/ (turbo builds first): the manifest, publint and attw, the bin,
// what a consumer imports, and declarations that compile without @types/node or the DOM library.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describeEsmOnlyGates } from '@merchant-ordering/test-kit/package-gates';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

beforeAll(() => {
  if (!existsSync(join(packageDir, 'dist/main.js'))) throw new Error('dist/ is missing: run `pnpm --filter @merchant-ordering/cli build` first');
});

describe('package.json', () => {
  it('has the bin merchant-ordering, a node script that loads dist/main.js', () => {
    expect(packageJson.bin).toEqual({ 'merchant-ordering': './bin/merchant-ordering.js' });
    const launcher = readFileSync(join(packageDir, 'bin/merchant-ordering.js'), 'utf8');
    expect(launcher.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(launcher).toContain("import '../dist/main.js'");
  });

  it('depends on the client and the sandbox (for --sandbox) only, at the workspace version', () => {
    expect(packageJson.dependencies).toEqual({ '@merchant-ordering/client': 'workspace:*', '@merchant-ordering/sandbox': 'workspace:*' });
  });
});

describeEsmOnlyGates(packageDir, { entries: ['.', './credentials'] });

describe('consumers', () => {
  it('ESM and CommonJS get run() and CSV_COLUMNS; run() gives the exit code', async () => {
    const script = `import * as esm from '@merchant-ordering/cli';
      import { createRequire } from 'node:module';
      const cjs = createRequire(import.meta.url)('@merchant-ordering/cli');
      let out = '';
      const stdout = { write: (text) => ((out += text), true), once() {} };
      const code = await esm.run(['--version'], { stdout, stderr: stdout, env: {} });
      console.log(JSON.stringify([typeof esm.run, cjs.run === esm.run, esm.CSV_COLUMNS[0], code, out === '${packageJson.version}\\n']));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir });
    expect(JSON.parse(stdout)).toEqual(['function', true, 'id', 0, true]);
  });

  it('./credentials reads credentials as the CLI does, for ESM and CommonJS, and refuses in one line', async () => {
    const script = `import * as esm from '@merchant-ordering/cli/credentials';
      import { createRequire } from 'node:module';
      const cjs = createRequire(import.meta.url)('@merchant-ordering/cli/credentials');
      const read = esm.readCredentials({ MERCHANT_ID: 'm-1', SECRET_KEY: 'k-1' }, undefined);
      let refused;
      try { esm.readCredentials({ MERCHANT_ID: 'm-1' }, undefined); } catch (error) { refused = [error.name, error.message]; }
      console.log(JSON.stringify([cjs.readCredentials === esm.readCredentials, read, refused, esm.profilesPath({ XDG_CONFIG_HOME: '/x' }), esm.DEFAULT_PROFILE]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir });
    expect(JSON.parse(stdout)).toEqual([
      true,
      { merchantId: 'm-1', secretKey: 'k-1', source: { merchantId: 'MERCHANT_ID', secretKey: 'SECRET_KEY' } },
      ['UsageError', 'MERCHANT_ID is set but SECRET_KEY is not: set both, or neither to use a profile'],
      '/x/merchant-ordering/profiles.json',
      'default',
    ]);
  });

  it('the declarations compile under strict with no @types/node and no DOM library', async () => {
    const project = mkdtempSync(join(tmpdir(), 'cli-types-'));
    try {
      mkdirSync(join(project, 'node_modules/@merchant-ordering'), { recursive: true });
      symlinkSync(packageDir, join(project, 'node_modules/@merchant-ordering/cli'), 'dir');
      writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module' }));
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { module: 'nodenext', target: 'es2022', lib: ['es2022'], types: [], strict: true, noEmit: true },
          include: ['main.ts'],
        }),
      );
      writeFileSync(
        join(project, 'main.ts'),
        `import { CSV_COLUMNS, run, type OutputStream } from '@merchant-ordering/cli';
import { readCredentials, type Credentials } from '@merchant-ordering/cli/credentials';
const lines: string[] = [];
const out: OutputStream = { write: (text) => lines.push(text) > 0, once: () => undefined };
export const code: Promise<number> = run(['ping', '--sandbox'], { stdout: out, stderr: out, env: {} });
export const first: string | undefined = CSV_COLUMNS[0];
export const credentials: Credentials = readCredentials({ MERCHANT_ID: 'm', SECRET_KEY: 'k' }, undefined);
// @ts-expect-error: the argument list is strings
run([1]);
// @ts-expect-error: the profile is a string or undefined
readCredentials({}, 1);
`,
      );
      const tsc = createRequire(join(packageDir, '../../package.json')).resolve('typescript/bin/tsc');
      await expect(run(process.execPath, [tsc, '-p', project], { cwd: project })).resolves.toBeDefined();
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 60_000);
});
