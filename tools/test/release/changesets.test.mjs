// Versioning with changesets, checked in a throwaway git clone of the repository (with the working
// tree's versioning files laid over it, which changes nothing on a clean clone): `changeset status`
// reports what a pending changeset releases, and `changeset version` bumps spec, types and client on
// one linked version line, writes their CHANGELOGs and leaves the private packages alone.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot, workspacePackages } from '../../release/packages.mjs';
import { CLIENT, SPEC, TYPES } from '../helpers/packed.mjs';

const CHANGESET = join(repoRoot, 'node_modules/@changesets/cli/bin.js');
const GIT_IDENTITY = ['-c', 'user.name=release-test', '-c', 'user.email=release-test@example.invalid'];
const PACKAGES = workspacePackages().filter((pkg) => pkg.dir !== repoRoot);
const LINKED = [SPEC, TYPES, CLIENT];
const CONTRACT = '@merchant-ordering/contract';
const CLI = '@merchant-ordering/cli';
const MCP = '@merchant-ordering/mcp';
const clones = [];
afterEach(() => {
  for (const dir of clones.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function git(cwd, ...args) {
  return execFileSync('git', [...GIT_IDENTITY, ...args], { cwd, encoding: 'utf8' });
}

function cloneRepository() {
  const dir = mkdtempSync(join(tmpdir(), 'changesets-'));
  clones.push(dir);
  git(repoRoot, 'clone', '--quiet', repoRoot, dir);
  git(dir, 'checkout', '--quiet', '-B', 'main'); // the config's baseBranch, whatever branch was cloned
  const files = ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json', 'tools/release/sync-version.mjs'];
  for (const pkg of PACKAGES) files.push(`${relative(repoRoot, pkg.dir)}/package.json`, `${relative(repoRoot, pkg.dir)}/CHANGELOG.md`);
  for (const file of files.filter((path) => existsSync(join(repoRoot, path)))) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(repoRoot, file), join(dir, file));
  }
  // The changelog generator (@changesets/cli/changelog) resolves from the clone's node_modules.
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, '.git/info/exclude'), 'node_modules\n');
  // The changesets pending on the branch are not what these tests release: each adds its own.
  for (const file of readdirSync(join(dir, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md')) rmSync(join(dir, '.changeset', file));
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '--allow-empty', '-m', 'working tree');
  return dir;
}

function addChangeset(dir, bumps, summary) {
  const front = Object.entries(bumps)
    .map(([name, type]) => `'${name}': ${type}`)
    .join('\n');
  writeFileSync(join(dir, '.changeset/release-test.md'), `---\n${front}\n---\n\n${summary}\n`);
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '-m', 'changeset');
}

function changeset(dir, ...args) {
  return execFileSync(process.execPath, [CHANGESET, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

const manifest = (dir, pkg) => JSON.parse(readFileSync(join(dir, relative(repoRoot, pkg.dir), 'package.json'), 'utf8'));
const byName = (name) => PACKAGES.find((pkg) => pkg.name === name);

/** The next minor of the highest current version among the linked packages: where a linked minor lands. */
function nextLinkedMinor() {
  const [major, minor] = LINKED.map((name) => byName(name).version.split('.').map(Number)).sort((a, b) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2])[0];
  return `${major}.${minor + 1}.0`;
}

describe('changesets', () => {
  it('config links spec, types and client, and ignores every private package', () => {
    const config = JSON.parse(readFileSync(join(repoRoot, '.changeset/config.json'), 'utf8'));
    expect(config.linked).toEqual([LINKED]);
    expect(config.access).toBe('public');
    expect([...config.ignore].sort()).toEqual(
      PACKAGES.filter((pkg) => pkg.private)
        .map((pkg) => pkg.name)
        .sort(),
    );
  });

  it("changeset status in a git clone lists what a pending changeset releases, the linked client raised to the spec's bump", () => {
    const dir = cloneRepository();
    addChangeset(dir, { [SPEC]: 'minor', [CLIENT]: 'patch' }, 'Sample: a new optional query parameter.');
    changeset(dir, 'status', '--output=status.json');
    const { releases } = JSON.parse(readFileSync(join(dir, 'status.json'), 'utf8'));
    const next = nextLinkedMinor();
    // The contract kit depends on the spec, and the command line and the MCP server on the client
    // (the server on the spec and the command line too), at their exact versions, so each is republished
    // with a patch.
    const patched = (name) => {
      const [major, minor, patch] = byName(name).version.split('.').map(Number);
      return `${major}.${minor}.${patch + 1}`;
    };
    expect(
      releases
        .filter((release) => release.type !== 'none')
        .map(({ name, type, newVersion }) => ({ name, type, newVersion }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: CLI, type: 'patch', newVersion: patched(CLI) },
      { name: CLIENT, type: 'minor', newVersion: next },
      { name: CONTRACT, type: 'patch', newVersion: patched(CONTRACT) },
      { name: MCP, type: 'patch', newVersion: patched(MCP) },
      { name: SPEC, type: 'minor', newVersion: next },
    ]);
  });

  it("changeset version (pnpm version-packages) bumps spec, types and client to one version, writes their CHANGELOGs, syncs the client VERSION and the description's info.version, and leaves private packages alone", () => {
    const dir = cloneRepository();
    addChangeset(dir, { [SPEC]: 'minor', [TYPES]: 'patch', [CLIENT]: 'patch' }, 'Sample: a new optional query parameter.');
    changeset(dir, 'version');
    execFileSync(process.execPath, ['tools/release/sync-version.mjs'], { cwd: dir });
    const next = nextLinkedMinor();
    expect(readFileSync(join(dir, 'packages/client/src/version.ts'), 'utf8')).toContain(`export const VERSION = '${next}';`);
    // The description's own version follows the spec package's, so the docs and the verifier name it.
    expect(parse(readFileSync(join(dir, 'spec/openapi.yaml'), 'utf8')).info.version).toBe(next);
    expect(readFileSync(join(dir, 'packages/client/README.md'), 'utf8')).toContain(`@merchant-ordering/client/${next} `);
    for (const name of LINKED) {
      expect(manifest(dir, byName(name)).version, name).toBe(next);
      const changelog = readFileSync(join(dir, relative(repoRoot, byName(name).dir), 'CHANGELOG.md'), 'utf8');
      expect(changelog.startsWith(`# ${name}\n\n## ${next}\n`), `${name} CHANGELOG starts with the new version`).toBe(true);
      expect(changelog).toContain('Sample: a new optional query parameter.');
    }
    for (const pkg of PACKAGES.filter((candidate) => candidate.private)) {
      expect(manifest(dir, pkg).version, pkg.name).toBe(pkg.version);
    }
    expect(existsSync(join(dir, '.changeset/release-test.md'))).toBe(false);
  });
});
