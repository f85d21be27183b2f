// The exact versions the consumer projects install or run, taken from the workspace so they match
// what the lockfile pins: the toolchain (TypeScript, esbuild) runs from the workspace, and the
// registry packages npm installs are pinned, including openapi-fetch's own dependency through npm
// "overrides" (its range in openapi-fetch is ^0.1.0, which npm would otherwise resolve afresh).
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot } from './packages.mjs';

const fromTools = createRequire(join(repoRoot, 'tools/package.json'));
const manifest = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** Absolute path of the workspace's tsc (typescript 5.9.3). */
export const tscPath = fromTools.resolve('typescript/bin/tsc');
/** The workspace's esbuild, for the bundler project. */
export const esbuildModule = fromTools.resolve('esbuild');

function installedVersion(requireFrom, name) {
  return manifest(requireFrom.resolve(`${name}/package.json`)).version;
}

/** name@version specs for npm, by package name. */
export function registryPins() {
  const root = manifest(join(repoRoot, 'package.json'));
  const tools = manifest(join(repoRoot, 'tools/package.json'));
  const fromClient = createRequire(join(repoRoot, 'packages/client/package.json'));
  const openapiFetch = realpathSync(dirname(fromClient.resolve('openapi-fetch/package.json')));
  const fromOpenapiFetch = createRequire(join(openapiFetch, 'package.json'));
  return {
    '@types/node': root.devDependencies['@types/node'],
    yaml: tools.dependencies.yaml,
    'openapi-typescript-helpers': installedVersion(fromOpenapiFetch, 'openapi-typescript-helpers'),
  };
}

export function typescriptVersion() {
  return installedVersion(fromTools, 'typescript');
}
