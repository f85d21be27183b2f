// `pnpm test` needs no network once tools/setup.sh ran: a test that installs from the npm registry
// belongs under a package's test/packed/, which every vitest config leaves out unless
// MERCHANT_PACKED_TESTS=1 (`pnpm test:consumers`). A test that runs npm against a registry of its own
// on 127.0.0.1 needs no network and stays.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../release/packages.mjs';

const TEST_DIRS = ['spec/test', 'tools/test', ...readdirSync(join(repoRoot, 'packages')).map((name) => `packages/${name}/test`)];
const INSTALLS = /npmInstall\(|\(\s*'npm',\s*\[\s*'(?:install|i|ci)'/;
const LOCAL_REGISTRY = /--registry=\$\{registryUrl\}|--registry=http:\/\/127\.0\.0\.1/;

function testFiles(dir) {
  try {
    return readdirSync(join(repoRoot, dir), { recursive: true })
      .filter((file) => /\.test\.(?:[cm]?[jt]s)$/.test(file))
      .map((file) => join(dir, file));
  } catch {
    return []; // a package without tests
  }
}

describe('pnpm test and the npm registry', () => {
  it('every test that npm-installs from the registry sits under test/packed/', () => {
    const offenders = TEST_DIRS.flatMap(testFiles).filter((file) => {
      const source = readFileSync(join(repoRoot, file), 'utf8');
      return INSTALLS.test(source) && !LOCAL_REGISTRY.test(source) && !file.split('/').includes('packed');
    });
    expect(offenders).toEqual([]);
  });

  it('every vitest config of a package with test/packed/ leaves it out unless MERCHANT_PACKED_TESTS=1', () => {
    const withPacked = TEST_DIRS.filter((dir) => testFiles(dir).some((file) => file.includes('/test/packed/'))).map((dir) =>
      relative(repoRoot, join(repoRoot, dir, '..')),
    );
    expect(withPacked.sort()).toEqual(['packages/cli', 'packages/contract', 'tools']);
    for (const dir of withPacked) {
      const config = readdirSync(join(repoRoot, dir)).find((file) => /^vitest\.config\.[cm]?[jt]s$/.test(file));
      expect(readFileSync(join(repoRoot, dir, config), 'utf8'), dir).toContain("...(process.env.MERCHANT_PACKED_TESTS === '1' ? [] : ['test/packed/**'])");
    }
  });
});
