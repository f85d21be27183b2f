// In tools/test/packed: `pnpm test:consumers` runs it (MERCHANT_PACKED_TESTS=1); it installs from the npm registry.
// The packed MCP server from an empty folder, as a merchant's developer gets it: `npm install` of its
// tarball with those of its unpublished dependencies (the CLI, whose credentials --live reads, the client and
// its types, the sandbox and the spec; the MCP SDK, zod and openapi-fetch come from npm's cache or the
// registry), then `npx merchant-ordering-mcp`, and an MCP session over its stdio, written as raw JSON-RPC
// lines as any agent host writes them.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPackage } from '@merchant-ordering/test-kit/pack';
import { cleanEnv, npmInstall } from '@merchant-ordering/test-kit/npm';
import { repoRoot } from '../../release/packages.mjs';

const run = promisify(execFile);
const TIMEOUT = 240_000;

let work;
let project;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'packed-mcp-'));
  const tarballs = [];
  for (const dir of ['packages/mcp', 'packages/cli', 'packages/client', 'packages/types', 'packages/sandbox', 'spec'])
    tarballs.push((await packPackage(join(repoRoot, dir), join(work, 'tarballs'))).tarball);
  project = join(work, 'empty-folder');
  mkdirSync(project);
  await npmInstall(tarballs, { cwd: project });
}, TIMEOUT);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The environment of a user with no credentials, offline, so npx can only run what was installed. */
const userEnv = () => ({ ...cleanEnv(), npm_config_offline: 'true', MERCHANT_ID: '', SECRET_KEY: '', HOME: project, XDG_CONFIG_HOME: '' });

describe('merchant-ordering-mcp installed from the packed tarballs', () => {
  it(
    'npx merchant-ordering-mcp --help, as the README writes it',
    async () => {
      const { stdout } = await run('npx', ['-y', '--package=@merchant-ordering/mcp', 'merchant-ordering-mcp', '--help'], { cwd: project, env: userEnv() });
      expect(stdout).toMatch(/^Usage: merchant-ordering-mcp /);
    },
    TIMEOUT,
  );

  it(
    "answers initialize, tools/list, resources/list (the docs' llms.txt among them) and a list_payments call from the sandbox over stdio, and exits when stdin closes",
    async () => {
      const child = spawn('npx', ['merchant-ordering-mcp'], { cwd: project, env: userEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
      const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      const answers = new Map();
      const waiting = new Map();
      createInterface({ input: child.stdout }).on('line', (line) => {
        const message = JSON.parse(line);
        answers.set(message.id, message);
        waiting.get(message.id)?.(message);
      });
      const call = (id, method, params) =>
        new Promise((resolve) => {
          waiting.set(id, resolve);
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
        });
      const initialized = await call(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'consumer-test', version: '1' } });
      expect(initialized.result).toMatchObject({
        protocolVersion: '2025-11-25',
        serverInfo: { name: 'merchant-ordering-mcp', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) },
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      const listed = await call(2, 'tools/list', {});
      expect(listed.result.tools.map((tool) => tool.name)).toEqual(['ping', 'get_configuration', 'list_payments', 'summarise_payments']);
      const {
        result: { resources },
      } = await call(4, 'resources/list', {});
      expect(resources.map((resource) => resource.uri)).toEqual(
        expect.arrayContaining([
          'merchant-ordering://description/openapi.json',
          'merchant-ordering://docs/traps.md',
          'merchant-ordering://docs/llms.txt',
          'merchant-ordering://docs/operations/list-payments.md',
        ]),
      );
      const page = await call(3, 'tools/call', { name: 'list_payments', arguments: { limit: 2, statuses: ['APPROVED'] } });
      expect(page.result.structuredContent).toMatchObject({ source: { kind: 'sandbox' }, limit: 2, results: [{ status: 'APPROVED' }, { status: 'APPROVED' }] });
      child.stdin.end();
      expect(await exited).toBe(0);
    },
    TIMEOUT,
  );
});
