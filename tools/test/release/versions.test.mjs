// One consistent version of everything a reader sees: the description's `info.version` (the docs
// title, the verifier's banner, the generated types' header) is the spec package's version; every
// public package packs with a real version whose CHANGELOG section is its first, each version once;
// every User-Agent example of the client names its version; and `pnpm version-packages` keeps it so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { publicPackages, repoRoot } from '../../release/packages.mjs';

const read = (path) => readFileSync(join(repoRoot, path), 'utf8');
const manifestOf = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const specVersion = JSON.parse(read('spec/package.json')).version;
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[\w.]+)?$/;

describe("the description's version", () => {
  it('info.version in spec/openapi.yaml and in the bundle is the spec package version', () => {
    expect(parse(read('spec/openapi.yaml')).info.version).toBe(specVersion);
    expect(JSON.parse(read('spec/dist/openapi.json')).info.version).toBe(specVersion);
  });

  it('is the one the types package was generated from', () => {
    expect(JSON.parse(read('packages/types/package.json')).openapi.specVersion).toBe(specVersion);
    expect(read('packages/types/index.d.ts')).toMatch(new RegExp(`from @merchant-ordering/spec ${specVersion.replaceAll('.', '\\.')} `));
  });

  it('pnpm version-packages bumps with changesets, then copies the versions into the files that carry them and regenerates', () => {
    expect(JSON.parse(read('package.json')).scripts['version-packages']).toBe('changeset version && node tools/release/sync-version.mjs && pnpm generate');
  });
});

describe.each(publicPackages().map((pkg) => [pkg.name, pkg]))('%s', (_name, { dir }) => {
  const { version } = manifestOf(dir);

  it('packs with a real version', () => {
    expect(version).toMatch(SEMVER);
    expect(version).not.toBe('0.0.0');
  });

  it('has a CHANGELOG whose first section is that version, and each version once', () => {
    const headings = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('## '))
      .map((line) => line.slice(3).trim());
    expect(headings[0]).toBe(version);
    expect(headings.filter((heading, index) => headings.indexOf(heading) !== index)).toEqual([]);
  });
});

describe("the client's version in the examples", () => {
  it('every User-Agent example of the client names its current version', () => {
    const { version } = JSON.parse(read('packages/client/package.json'));
    for (const path of ['packages/client/README.md', 'spec/components/parameters/UserAgent.yaml']) {
      const named = [...read(path).matchAll(/@merchant-ordering\/client\/(\d+\.\d+\.\d+(?:-[\w.]+)?)/g)].map((match) => match[1]);
      expect(named.length, path).toBeGreaterThan(0);
      expect(new Set(named), path).toEqual(new Set([version]));
    }
  });
});
