// Supply chain: what installing our packages brings in, and which dependencies of the workspace may
// run install scripts. A new runtime dependency of a published package fails here until this file's
// allowance says so.
import { existsSync, lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPackages, repoRoot } from '../../release/packages.mjs';
import { packVariant } from '../../release/pack.mjs';
import { readPackedManifest } from '@merchant-ordering/test-kit/tarball';
import { CLI, CLIENT, CONTRACT, MCP, SANDBOX, SPEC, TYPES, packForTest } from '../helpers/packed.mjs';

// The runtime dependencies each published package may declare. Adding one is a decision: make it here.
const ALLOWED_DEPENDENCIES = {
  // The client it is built on, and the sandbox behind --sandbox; no CLI framework.
  [CLI]: ['@merchant-ordering/client', '@merchant-ordering/sandbox'],
  // openapi-fetch, which the main entry is built on, and the generated types it re-exports (paths,
  // components, operations), so a consumer's compiler finds them: types only, no code.
  [CLIENT]: ['@merchant-ordering/types', 'openapi-fetch'],
  // The description and vectors it checks against, the client's redaction of credentials, a 2020-12
  // validator with its formats, and YAML specs.
  [CONTRACT]: ['@merchant-ordering/client', '@merchant-ordering/spec', 'ajv', 'ajv-formats', 'yaml'],
  // The CLI, whose ./credentials --live reads credentials through, the client every tool calls, the
  // sandbox it answers from by default, the description it serves and takes its tools' words from, and
  // the official MCP SDK's server package: @modelcontextprotocol/server (v2, what the Inspector uses),
  // which brings only @modelcontextprotocol/core and zod, where the 1.x @modelcontextprotocol/sdk brings
  // express, hono, cors, jose, ajv and a dozen more.
  [MCP]: ['@merchant-ordering/cli', '@merchant-ordering/client', '@merchant-ordering/sandbox', '@merchant-ordering/spec', '@modelcontextprotocol/server'],
  // node:http and the standard library only.
  [SANDBOX]: [],
  [SPEC]: [],
  [TYPES]: [],
};
// Optional peer dependencies, with their range: what a package works with when its user has it, never
// installed for them. The sandbox's ./msw entry gives MSW handlers to users of MSW.
const ALLOWED_OPTIONAL_PEERS = {
  [SANDBOX]: { msw: '^3.0.0' },
};
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

let release;
beforeAll(async () => {
  release = await packForTest();
}, 120_000);
afterAll(() => release?.cleanUp());

/** What is wrong with a packed manifest's dependencies, one line each; [] when it is as allowed. */
function dependencyProblems(name, manifest) {
  const allowed = ALLOWED_DEPENDENCIES[name];
  if (!allowed) return [`no allowance for ${name}: add it to ALLOWED_DEPENDENCIES`];
  const problems = [];
  for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
    if (!allowed.includes(dependency)) problems.push(`new runtime dependency ${dependency}@${range}`);
    else if (!/^\d+\.\d+\.\d+$/.test(range)) problems.push(`${dependency} is not pinned exactly: ${range}`);
  }
  for (const [peer, range] of Object.entries(manifest.peerDependencies ?? {})) {
    if (ALLOWED_OPTIONAL_PEERS[name]?.[peer] !== range) problems.push(`peer dependency ${peer}@${range} is not allowed`);
    else if (manifest.peerDependenciesMeta?.[peer]?.optional !== true) problems.push(`peer dependency ${peer} is not optional`);
  }
  for (const field of ['optionalDependencies', 'bundleDependencies', 'bundledDependencies']) {
    if (manifest[field] !== undefined) problems.push(`${field}: ${JSON.stringify(manifest[field])}`);
  }
  for (const script of INSTALL_SCRIPTS) {
    if (manifest.scripts?.[script] !== undefined) problems.push(`runs a ${script} script on the consumer's machine`);
  }
  return problems;
}

describe('what a consumer installs', () => {
  it.each(publicPackages())('$name declares only its allowed runtime dependencies, pinned exactly, and no install script', ({ name }) => {
    expect(dependencyProblems(name, readPackedManifest(release.tarballs[name]))).toEqual([]);
  });

  it('the packed client depends on openapi-fetch and on the types at its own version, nothing else', () => {
    const client = readPackedManifest(release.tarballs[CLIENT]);
    expect(client.dependencies).toEqual({ '@merchant-ordering/types': readPackedManifest(release.tarballs[TYPES]).version, 'openapi-fetch': '0.17.0' });
  });

  it('the packed contract depends on the spec and the client at their exact versions, and on exactly pinned ajv, ajv-formats and yaml', () => {
    const spec = readPackedManifest(release.tarballs[SPEC]);
    expect(readPackedManifest(release.tarballs[CONTRACT]).dependencies).toEqual({
      '@merchant-ordering/client': readPackedManifest(release.tarballs[CLIENT]).version,
      '@merchant-ordering/spec': spec.version,
      ajv: '8.20.0',
      'ajv-formats': '3.0.1',
      yaml: '2.9.1',
    });
  });

  it('the packed cli depends on the client and the sandbox at these exact versions', () => {
    expect(readPackedManifest(release.tarballs[CLI]).dependencies).toEqual({
      [CLIENT]: readPackedManifest(release.tarballs[CLIENT]).version,
      [SANDBOX]: readPackedManifest(release.tarballs[SANDBOX]).version,
    });
  });

  it('the packed mcp depends on the cli, the client, the sandbox and the spec at these exact versions, and on @modelcontextprotocol/server 2.4.0', () => {
    expect(readPackedManifest(release.tarballs[MCP]).dependencies).toEqual({
      [CLI]: readPackedManifest(release.tarballs[CLI]).version,
      [CLIENT]: readPackedManifest(release.tarballs[CLIENT]).version,
      [SANDBOX]: readPackedManifest(release.tarballs[SANDBOX]).version,
      [SPEC]: readPackedManifest(release.tarballs[SPEC]).version,
      '@modelcontextprotocol/server': '2.4.0',
    });
  });

  it('the packed spec, types and sandbox have no runtime dependencies', () => {
    expect(readPackedManifest(release.tarballs[SPEC]).dependencies).toBeUndefined();
    expect(readPackedManifest(release.tarballs[TYPES]).dependencies).toBeUndefined();
    expect(readPackedManifest(release.tarballs[SANDBOX]).dependencies).toBeUndefined();
  });

  it('a client packed with a second runtime dependency is reported', async () => {
    const variant = await packVariant(release.tarballs[CLIENT], release.work, 'extra-dependency', (manifest) => ({
      ...manifest,
      dependencies: { ...manifest.dependencies, 'left-pad': '^1.3.0' },
    }));
    expect(dependencyProblems(CLIENT, readPackedManifest(variant.tarball))).toEqual(['new runtime dependency left-pad@^1.3.0']);
  });
});

describe('install scripts in the workspace', () => {
  const workspace = parse(readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8'));

  /** Installed packages (from node_modules/.pnpm) with an install script, or a binding.gyp pnpm would build. */
  function packagesWithInstallScripts() {
    const store = join(repoRoot, 'node_modules/.pnpm');
    const names = new Set();
    for (const entry of readdirSync(store)) {
      const modules = join(store, entry, 'node_modules');
      if (!existsSync(modules)) continue;
      const candidates = readdirSync(modules).flatMap((name) =>
        name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name],
      );
      for (const name of candidates) {
        const dir = join(modules, name);
        // The package itself is a real folder; its dependencies beside it are symlinks.
        if (lstatSync(dir).isSymbolicLink() || !existsSync(join(dir, 'package.json'))) continue;
        const scripts = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts ?? {};
        if (INSTALL_SCRIPTS.some((script) => script in scripts) || existsSync(join(dir, 'binding.gyp'))) names.add(name);
      }
    }
    return [...names].sort();
  }

  it('strictDepBuilds is on, so a dependency with an unlisted install script fails the install', () => {
    expect(workspace.strictDepBuilds).toBe(true);
  });

  it('every installed package with an install script is either allowed (onlyBuiltDependencies) or ignored', () => {
    const decided = new Set([...(workspace.onlyBuiltDependencies ?? []), ...(workspace.ignoredBuiltDependencies ?? [])]);
    expect(packagesWithInstallScripts().filter((name) => !decided.has(name))).toEqual([]);
  });

  it('every package allowed to run install scripts is installed and has one', () => {
    const withScripts = packagesWithInstallScripts();
    expect((workspace.onlyBuiltDependencies ?? []).filter((name) => !withScripts.includes(name))).toEqual([]);
  });

  it('onlyBuiltDependencies lists exactly esbuild (the runtimes, with their install scripts, have their own workspace)', () => {
    expect([...workspace.onlyBuiltDependencies].sort()).toEqual(['esbuild']);
  });
});

describe('install scripts in the runtime matrix (tools/runtimes, its own workspace)', () => {
  const runtimes = parse(readFileSync(join(repoRoot, 'tools/runtimes/pnpm-workspace.yaml'), 'utf8'));

  it('strictDepBuilds is on there too', () => {
    expect(runtimes.strictDepBuilds).toBe(true);
  });

  it("only bun may run an install script; deno's and workerd's are ignored", () => {
    expect(runtimes.onlyBuiltDependencies).toEqual(['bun']);
    expect(runtimes.ignoredBuiltDependencies).toEqual(['deno', 'workerd']);
  });
});
