// The packages under mutation testing, each with a stryker.config.mjs, a vitest.mutation.config.mjs
// (the tests Stryker runs), a stryker-survivors.md and a stryker-incremental.json beside them, and
// what its tests read outside the package (for inputs.mjs: a change there runs the package cold).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const outputDir = join(repoRoot, 'tools/mutation-output');

/**
 * Read by every package: Stryker (its version and the shared config; the runner's own scripts change
 * no result), the dependencies, the workspace's test helpers.
 */
const SHARED = ['tools/mutation/stryker-config.mjs', 'tools/mutation/package.json', 'tools/mutation/pnpm-lock.yaml', 'pnpm-lock.yaml', 'package.json', 'tools/test/helpers', 'tools/mock'];

export const PACKAGES = [
  // The verifier checks against the bundled description and the vectors, and redacts with the client;
  // the breaking-change check runs on the corpus of tools/breaking too.
  { name: 'contract', dir: 'packages/contract', reads: [...SHARED, 'spec', 'packages/client/src', 'tools/breaking', 'tools/test/breaking'] },
  // The verifier's test runs the contract kit (and through it the client's redactor) on the sandbox.
  { name: 'sandbox', dir: 'packages/sandbox', reads: [...SHARED, 'spec', 'packages/contract/lib', 'packages/client/src'] },
  // The walk against the sandbox runs the built sandbox.
  { name: 'client', dir: 'packages/client', reads: [...SHARED, 'spec', 'packages/sandbox/src'] },
];

export const packageDir = (pkg) => join(repoRoot, pkg.dir);
export const incrementalFile = (pkg) => join(packageDir(pkg), 'stryker-incremental.json');
export const survivorsFile = (pkg) => join(packageDir(pkg), 'stryker-survivors.md');
export const reportFile = (pkg) => join(outputDir, pkg.name, 'mutation.json');
