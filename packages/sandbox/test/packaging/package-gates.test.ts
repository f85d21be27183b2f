// Package checks against the built dist/ (turbo builds first): the manifest's shape, publint and
// attw, the bin, and what a consumer can import.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describeEsmOnlyGates } from '@merchant-ordering/test-kit/package-gates';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

beforeAll(() => {
  if (!existsSync(new URL('../../dist/index.js', import.meta.url)))
    throw new Error('dist/ is missing: run `pnpm --filter @merchant-ordering/sandbox build` first');
});

describe('package.json', () => {
  it('has the bin merchant-ordering-sandbox, a node script', () => {
    expect(packageJson.bin).toEqual({ 'merchant-ordering-sandbox': './bin/merchant-ordering-sandbox.js' });
    const launcher = readFileSync(new URL('../../bin/merchant-ordering-sandbox.js', import.meta.url), 'utf8');
    expect(launcher.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(launcher).toContain("import '../dist/cli.js'");
  });

  it('has no runtime dependencies: node:http and the standard library only', () => {
    expect(packageJson.dependencies).toBeUndefined();
  });
});

describeEsmOnlyGates(packageDir, { entries: ['.', './fetch', './msw', './service-worker'] });

describe('consumers', () => {
  it('ESM and CommonJS consumers get startSandbox and exitWhenOrphaned', async () => {
    const script = `import * as esm from '@merchant-ordering/sandbox';
      import { createRequire } from 'node:module';
      const cjs = createRequire(import.meta.url)('@merchant-ordering/sandbox');
      console.log(JSON.stringify([typeof esm.startSandbox, typeof esm.exitWhenOrphaned, cjs.startSandbox === esm.startSandbox, esm.DEFAULT_CREDENTIALS]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir });
    expect(JSON.parse(stdout)).toEqual(['function', 'function', true, { merchantId: '32', secretKey: 'abcdefgh' }]);
  });

  it('./fetch gives the same createSandbox as the main entry, ./msw createHandlers and ./service-worker installSandbox', async () => {
    const script = `import * as main from '@merchant-ordering/sandbox';
      import * as web from '@merchant-ordering/sandbox/fetch';
      import * as msw from '@merchant-ordering/sandbox/msw';
      import * as worker from '@merchant-ordering/sandbox/service-worker';
      console.log(JSON.stringify([typeof web.createSandbox, web.createSandbox === main.createSandbox, typeof msw.createHandlers, typeof worker.installSandbox, 'startSandbox' in web]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir });
    expect(JSON.parse(stdout)).toEqual(['function', true, 'function', 'function', false]);
  });

  // The built files that browsers and edge runtimes load: bundled for a browser, any import of Node fails.
  it.each(['fetch', 'msw', 'service-worker'])('dist/%s.js bundles for a browser with nothing of Node in its import graph (msw itself aside)', async (entry) => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL(`../../dist/${entry}.js`, import.meta.url))],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      metafile: true,
      external: ['msw'],
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => input.startsWith('node:') || !input.includes('dist/'))).toEqual([]);
    expect(result.outputFiles[0]!.text).not.toMatch(/(?<![\w.-])(Buffer|process)\.\w|\brequire\(/);
  });
});
