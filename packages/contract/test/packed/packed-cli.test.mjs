// The packed CLI in a new, empty project: `npm install` of the spec, client and contract tarballs
// (their own dependencies from npm's cache or the registry), then the bin, as another team would run it.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTED, REPORTED, startNonconformingServer } from '../fixtures/nonconforming-server.mjs';
// The workspace's release tools (relative: a package dependency on the tools would be circular).
import { packPackage } from '@merchant-ordering/test-kit/pack';
import { cleanEnv, npmInstall } from '@merchant-ordering/test-kit/npm';

const run = promisify(execFile);
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = resolve(packageDir, '../..');

let work;
let project;
let server;
beforeAll(async () => {
  if (!existsSync(join(repoRoot, 'spec/dist/openapi.json'))) throw new Error('spec/dist is missing: run `pnpm --filter @merchant-ordering/spec bundle` first');
  if (!existsSync(join(repoRoot, 'packages/client/dist/redact.js')))
    throw new Error('packages/client/dist is missing: run `pnpm --filter @merchant-ordering/client build` first');
  work = mkdtempSync(join(tmpdir(), 'packed-contract-'));
  const spec = await packPackage(join(repoRoot, 'spec'), join(work, 'tarballs'));
  // The verifier redacts with the client's redaction module.
  const client = await packPackage(join(repoRoot, 'packages/client'), join(work, 'tarballs'));
  // The client's types, its dependency, are not on npm yet either.
  const types = await packPackage(join(repoRoot, 'packages/types'), join(work, 'tarballs'));
  const contract = await packPackage(packageDir, join(work, 'tarballs'));
  // A parent folder holding a node_modules, as a stray ~/node_modules or another project above TMPDIR
  // does: npm installs into the nearest folder with a package.json or node_modules, so a project
  // without its own package.json would make npm reify (and write into) that parent's whole tree.
  mkdirSync(join(work, 'node_modules'));
  project = join(work, 'empty-project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'contract-user', private: true }, null, 2)}\n`);
  await npmInstall([spec.tarball, client.tarball, types.tarball, contract.tarball], { cwd: project });
  server = await startNonconformingServer();
}, 240_000);
afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs the installed bin with `npx --no` (never fetches anything): { code, stdout, stderr }. */
async function contractCli(...args) {
  try {
    const { stdout, stderr } = await run('npx', ['--no', 'merchant-ordering-contract', ...args], {
      cwd: project,
      env: { ...cleanEnv(), MERCHANT_ID: '', SECRET_KEY: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

describe('merchant-ordering-contract installed from the packed tarballs', () => {
  it('is installed into the project itself, not into a parent folder that holds a node_modules', () => {
    expect(existsSync(join(project, 'node_modules/.bin/merchant-ordering-contract'))).toBe(true);
    expect(readdirSync(join(work, 'node_modules'))).toEqual([]);
  });

  it('verify names every planted violation of the non-conforming server, and exits 1', async () => {
    const { code, stdout } = await contractCli('verify', '--base-url', server.url);
    mkdirSync(join(packageDir, 'test-output'), { recursive: true });
    writeFileSync(join(packageDir, 'test-output/packed-cli-verify.txt'), stdout); // kept for the closing note
    expect(code).toBe(1);
    // One line per planted violation, each seen at least once, and no other violation.
    expect(Object.keys(REPORTED)).toEqual(Object.keys(PLANTED));
    const reported = new Set(
      stdout
        .split('\n')
        .filter((line) => line.startsWith('       '))
        .map((line) => line.trim()),
    );
    expect([...reported].sort()).toEqual(Object.values(REPORTED).sort());
    expect(stdout).toMatch(/^FAIL: \d+ violation\(s\) in \d+ of \d+ scenarios$/m);
  });

  it("vectors prints the installed spec package's vector files", async () => {
    const { code, stdout } = await contractCli('vectors');
    expect(code).toBe(0);
    const vectors = join(project, 'node_modules/@merchant-ordering/spec/vectors');
    for (const file of ['provider-scenarios.json', 'query-encoding.json', 'responses.json', 'auth.json', 'contact.json']) {
      expect(stdout).toContain(join(vectors, file));
      expect(existsSync(join(vectors, file))).toBe(true);
    }
  });

  it('breaking compares two descriptions: the installed one against itself passes', async () => {
    const installed = join(project, 'node_modules/@merchant-ordering/spec/dist');
    const { code, stdout } = await contractCli('breaking', '--base', join(installed, 'openapi.json'), '--head', join(installed, 'openapi.yaml'));
    expect({ code, last: stdout.trim().split('\n').at(-1) }).toEqual({ code: 0, last: 'PASS' });
  });

  it('says what is missing, and exits 2, when verify has no --base-url', async () => {
    const { code, stderr } = await contractCli('verify');
    expect(code).toBe(2);
    expect(stderr).toContain('verify needs --base-url <url>');
  });
});
