// Package checks against the built dist/ (run `pnpm build` first; turbo does): publint, attw --pack,
// require(esm) for CommonJS consumers, a browser bundle without node:http, the version, the size.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { BUDGETS, MAIN_BYTES, measureSize, TARGET_BYTES } from '../../scripts/size.mjs';
import { attwProblems, publintReport } from '@merchant-ordering/test-kit/package-gates';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

beforeAll(() => {
  if (!existsSync(new URL('../../dist/index.js', import.meta.url)))
    throw new Error('dist/ is missing: run `pnpm --filter @merchant-ordering/client build` first');
});

describe('package.json', () => {
  it('is ESM with types first in exports, ./package.json exported and no side effects', () => {
    expect(packageJson.type).toBe('module');
    expect(Object.keys(packageJson.exports)).toEqual(['.', './contact', './raw', './redact', './package.json']);
    expect(Object.keys(packageJson.exports['.'])[0]).toBe('types');
    expect(Object.keys(packageJson.exports['./contact'])[0]).toBe('types');
    expect(Object.keys(packageJson.exports['./raw'])[0]).toBe('types');
    expect(Object.keys(packageJson.exports['./redact'])[0]).toBe('types');
    expect(packageJson.exports['./package.json']).toBe('./package.json');
    expect(packageJson.sideEffects).toBe(false);
  });

  it('VERSION equals the package version (it is sent in the User-Agent)', () => {
    expect(VERSION).toBe(packageJson.version);
  });
});

// publint and attw pack the package first: slow on a busy machine.
describe('gates', { timeout: 120_000 }, () => {
  it('publint --strict is clean', async () => {
    expect(await publintReport(packageDir)).toContain('All good!');
  });

  it('attw --pack is clean', async () => {
    // The package is ESM-only; Node >= 20.19 (our engines floor) loads it with require(esm), proven below.
    // attw's bundled TypeScript predates require(esm), so that one rule is switched off.
    const problems: { kind: string; entrypoint?: string; resolutionKind?: string }[] = await attwProblems(packageDir, { ignoreRules: ['cjs-resolves-to-esm'] });
    expect(problems.filter((problem) => problem.kind !== 'CJSResolvesToESM')).toEqual([]);
    const where = problems.map((problem) => `${problem.entrypoint} ${problem.resolutionKind}`);
    expect(where).toEqual(problems.length ? ['. node16-cjs', './contact node16-cjs', './raw node16-cjs', './redact node16-cjs'] : []);
  }, 120_000); // attw packs and analyses four entries: minutes on a shared machine, not seconds
});

describe('consumers', () => {
  it('CommonJS on Node >= 20.19 loads it with require(esm): no top-level await in the entry', async () => {
    const script = `const c = require('@merchant-ordering/client');
      const client = c.createClient({ merchantId: '32', secretKey: 'abcdefgh', environment: 'sandbox' });
      console.log(JSON.stringify([typeof client.iteratePayments, c.VERSION, new c.TimeoutError('read', 'x') instanceof c.MerchantApiError]));`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: packageDir });
    expect(JSON.parse(stdout)).toEqual(['function', VERSION, true]);
  });

  it('ESM consumers import it by name', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', "import { createClient } from '@merchant-ordering/client'; console.log(typeof createClient)"],
      { cwd: packageDir },
    );
    expect(stdout.trim()).toBe('function');
  });

  it("the contact helpers come from @merchant-ordering/client/contact, in ESM and CommonJS, and throw the main entry's ValidationError", async () => {
    const script = `import * as main from '@merchant-ordering/client';
      import { buildContact, contactFieldLabels, validateContact } from '@merchant-ordering/client/contact';
      import { createRequire } from 'node:module';
      const required = createRequire(import.meta.url)('@merchant-ordering/client/contact');
      let thrown; try { buildContact({}); } catch (error) { thrown = error; }
      console.log(JSON.stringify([typeof validateContact, contactFieldLabels('AU').area1, required.buildContact === buildContact, thrown instanceof main.ValidationError, 'validateContact' in main]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir });
    expect(JSON.parse(stdout)).toEqual(['function', 'Suburb', true, true, false]);
  });

  it('a browser bundle resolves the node transport to its stub and never sees node:http', async () => {
    const result = await build({
      entryPoints: ['dist/index.js'],
      absWorkingDir: packageDir,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/(from|import\(|require\()\s*["']node:/);
    expect(code).toContain('the node:http transport is not available');
  });

  it('a Node bundle includes the node:http transport', async () => {
    const result = await build({
      entryPoints: ['dist/index.js'],
      absWorkingDir: packageDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.outputFiles[0]!.text).toContain('node:http');
  });
});

describe('size', () => {
  // MAIN_BYTES (11 KiB, openapi-fetch included: issue 28) is the target and the budget: a budget, not a behaviour.
  it(`the main entry as an application bundles it, minified and gzipped, is at most ${MAIN_BYTES} B for browsers and for Node; the contact entry stays within its own budget`, async () => {
    const sizes = await measureSize();
    expect(Object.keys(sizes)).toEqual(['browser', 'node', 'contact']);
    expect([BUDGETS.browser, BUDGETS.node, TARGET_BYTES]).toEqual([11_264, 11_264, 11_264]);
    const over: Record<string, string> = {};
    for (const [name, { minified, gzipped }] of Object.entries(sizes)) {
      const budget = BUDGETS[name as keyof typeof BUDGETS];
      console.log(`size ${name}: ${minified} B minified, ${gzipped} B gzipped; budget ${budget} B`);
      if (gzipped > budget) over[name] = `${gzipped} B gzipped, ${gzipped - budget} B over the ${budget} B budget`;
    }
    expect(over).toEqual({});
  });
});
