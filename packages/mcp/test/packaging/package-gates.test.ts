// Package checks against the built dist/ (turbo builds first): the manifest, publint and attw, the bin,
// and what a consumer imports from ESM and CommonJS.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describeEsmOnlyGates } from '@merchant-ordering/test-kit/package-gates';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

beforeAll(() => {
  if (!existsSync(join(packageDir, 'dist/main.js'))) throw new Error('dist/ is missing: run `pnpm --filter @merchant-ordering/mcp build` first');
});

describe('package.json', () => {
  it('has the bin merchant-ordering-mcp, a node script that loads dist/main.js', () => {
    expect(packageJson.bin).toEqual({ 'merchant-ordering-mcp': './bin/merchant-ordering-mcp.js' });
    const launcher = readFileSync(join(packageDir, 'bin/merchant-ordering-mcp.js'), 'utf8');
    expect(launcher.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(launcher).toContain("import '../dist/main.js'");
  });

  it('depends on the CLI (its credentials), the client, the sandbox, the spec and the MCP server SDK pinned exactly', () => {
    expect(packageJson.dependencies).toEqual({
      '@merchant-ordering/cli': 'workspace:*',
      '@merchant-ordering/client': 'workspace:*',
      '@merchant-ordering/sandbox': 'workspace:*',
      '@merchant-ordering/spec': 'workspace:*',
      '@modelcontextprotocol/server': '2.4.0',
    });
  });
});

describeEsmOnlyGates(packageDir);

describe('consumers', () => {
  it('ESM and CommonJS get the same createMcpServer, and the library entry starts nothing', async () => {
    const script = `import * as esm from '@merchant-ordering/mcp';
      import { createRequire } from 'node:module';
      const cjs = createRequire(import.meta.url)('@merchant-ordering/mcp');
      console.log(JSON.stringify([typeof esm.createMcpServer, cjs.createMcpServer === esm.createMcpServer, esm.SERVER_NAME, esm.tools().map((tool) => tool.name)]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir });
    expect(JSON.parse(stdout)).toEqual(['function', true, 'merchant-ordering-mcp', ['ping', 'get_configuration', 'list_payments', 'summarise_payments']]);
  });
});
