// What each public tarball holds, read from the .tgz that `pnpm pack` makes (as `pnpm release:dry`
// does): every file its package.json points at, a README that says what it is and how to install
// it, no sources or tests, and publishConfig for public access with provenance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPackages, workspacePackages } from '../../release/packages.mjs';
import { readPackedManifest, readTarball } from '@merchant-ordering/test-kit/tarball';
import { missingTargets } from '../../release/targets.mjs';
import { CLI, CLIENT, CONTRACT, MCP, SANDBOX, SPEC, TYPES, packForTest } from '../helpers/packed.mjs';

const PUBLIC = publicPackages();
let release;
beforeAll(async () => {
  release = await packForTest();
}, 120_000);
afterAll(() => release?.cleanUp());

const files = (name) => [...readTarball(release.tarballs[name]).keys()];

describe('the public tarballs', () => {
  it('are spec, types, client, sandbox, contract, cli and mcp: every public workspace package, and only those, is packed', () => {
    expect(PUBLIC.map((pkg) => pkg.name)).toEqual([CLI, CLIENT, CONTRACT, MCP, SANDBOX, SPEC, TYPES]);
    expect(Object.keys(release.tarballs).sort()).toEqual([CLI, CLIENT, CONTRACT, MCP, SANDBOX, SPEC, TYPES]);
  });

  it.each(PUBLIC)('$name holds every file its exports, imports, types and typesVersions point at', ({ name }) => {
    expect(missingTargets(readPackedManifest(release.tarballs[name]), files(name))).toEqual([]);
  });

  it.each(PUBLIC)('$name holds no sources, tests, configs or node_modules', ({ name }) => {
    const unwanted = files(name).filter((path) =>
      /^(src|test|tests|scripts|node_modules)\/|(^|\/)(tsconfig[^/]*\.json|vitest\.config\.\w+)$|\.test\.\w+$/.test(path),
    );
    expect(unwanted).toEqual([]);
  });

  it.each(PUBLIC)('$name has a README that names the package, says what it is and how to install it', ({ name }) => {
    const readme = readTarball(release.tarballs[name]).get('README.md')?.toString('utf8') ?? '';
    expect(readme.split('\n')[0]).toBe(`# ${name}`);
    const firstParagraph = readme.split('\n\n')[1] ?? '';
    expect(firstParagraph.length).toBeGreaterThan(40);
    expect(readme).toMatch(new RegExp(`npm install (--save-dev )?${name.replace('/', '\\/')}\\b`));
  });

  it.each(PUBLIC)('$name publishes publicly with provenance, from its folder of this repository', ({ name, dir }) => {
    const manifest = readPackedManifest(release.tarballs[name]);
    expect(manifest.publishConfig).toEqual({ access: 'public', provenance: true });
    expect(manifest.repository).toMatchObject({ type: 'git', url: expect.stringMatching(/^git\+https:\/\//) });
    expect(dir.endsWith(`/${manifest.repository.directory}`)).toBe(true);
    expect(manifest.private).toBeUndefined();
  });

  it.each(PUBLIC)('$name has no workspace: ranges left in its packed package.json', ({ name }) => {
    expect(readTarball(release.tarballs[name]).get('package.json').toString('utf8')).not.toContain('workspace:');
  });

  it.each(PUBLIC)('$name packs every entry of its "files" (none names a file that does not exist)', ({ name }) => {
    const packed = files(name);
    const unpacked = readPackedManifest(release.tarballs[name]).files.filter((entry) => !packed.some((path) => path === entry || path.startsWith(`${entry}/`)));
    expect(unpacked).toEqual([]);
  });

  it.each(PUBLIC)('$name names no private workspace package in any dependency field, devDependencies included', ({ name }) => {
    const privates = workspacePackages()
      .filter((pkg) => pkg.private)
      .map((pkg) => pkg.name);
    const manifest = readPackedManifest(release.tarballs[name]);
    const named = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {}));
    expect(named.filter((dependency) => privates.includes(dependency))).toEqual([]);
  });
});

describe('the exports check', () => {
  // TypeScript forgives a wrong "types" target (it falls back to the .d.ts beside "default"), so the
  // consumer projects cannot catch this one; the check above must.
  it('reports a "types" target that is not in the tarball', () => {
    const manifest = readPackedManifest(release.tarballs[CLIENT]);
    const broken = { ...manifest, exports: { ...manifest.exports, '.': { ...manifest.exports['.'], types: './dist/main.d.ts' } } };
    expect(missingTargets(broken, files(CLIENT))).toEqual(['exports > . > types: ./dist/main.d.ts']);
  });

  it('reports a subpath pattern that matches no file', () => {
    const manifest = readPackedManifest(release.tarballs[SPEC]);
    const broken = { ...manifest, exports: { ...manifest.exports, './vectors/*': './vector/*' } };
    expect(missingTargets(broken, files(SPEC))).toEqual(['exports > ./vectors/*: ./vector/*']);
  });
});
