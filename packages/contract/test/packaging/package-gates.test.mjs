// Package checks: the manifest's shape, publint and attw, the bin, the declarations generated from the
// JSDoc (dist/, tsconfig.build.json) against the runtime and a consumer's code, and what a consumer can import.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as contract from '../../lib/index.js';
// The workspace's release gates (relative: a package dependency on the tools would be circular).
import { describeEsmOnlyGates } from '@merchant-ordering/test-kit/package-gates';

const run = promisify(execFile);
const typescript = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('package.json', () => {
  it('has the bin merchant-ordering-contract, a node script', () => {
    expect(packageJson.bin).toEqual({ 'merchant-ordering-contract': './lib/cli.js' });
    expect(readFileSync(new URL('../../lib/cli.js', import.meta.url), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('depends on @merchant-ordering/spec for the description and the vectors, on the client for redaction, and on pinned validators', () => {
    expect(packageJson.dependencies).toEqual({
      '@merchant-ordering/client': 'workspace:*',
      '@merchant-ordering/spec': 'workspace:*',
      ajv: '8.20.0',
      'ajv-formats': '3.0.1',
      yaml: '2.9.1',
    });
  });
});

describe('the published declarations, generated from the code', () => {
  it('declare exactly what lib/index.js exports', () => {
    const declared = [...readFileSync(new URL('../../dist/index.d.ts', import.meta.url), 'utf8').matchAll(/^export \{([^}]+)\} from/gm)].flatMap((match) =>
      match[1].split(',').map((name) => name.trim()),
    );
    expect([...new Set(declared)].sort()).toEqual(Object.keys(contract).sort());
  });

  it("type a consumer's calls, and refuse wrong ones", async () => {
    const { stdout, code } = await run(process.execPath, [typescript, '-p', fileURLToPath(new URL('./consumer/tsconfig.json', import.meta.url))], {
      cwd: packageDir,
    }).then(
      ({ stdout }) => ({ stdout, code: 0 }),
      (error) => ({ stdout: error.stdout, code: error.code }),
    );
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
  });
});

describeEsmOnlyGates(packageDir);

describe('consumers', () => {
  it("ESM and CommonJS consumers get verify and checkRelease, and the spec package's paths", async () => {
    const script = `import * as esm from '@merchant-ordering/contract';
      import { createRequire } from 'node:module';
      const cjs = createRequire(import.meta.url)('@merchant-ordering/contract');
      console.log(JSON.stringify([typeof esm.verify, typeof esm.checkRelease, cjs.verify === esm.verify, esm.bundledSpecPath.endsWith('/dist/openapi.json')]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir });
    expect(JSON.parse(stdout)).toEqual(['function', 'function', true, true]);
  });
});
