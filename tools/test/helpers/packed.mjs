// Packs every public package once per test file into a scratch folder, as `pnpm release:dry` does
// into release/. Needs spec/dist and the built packages (turbo runs bundle and build first).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packPublicPackages } from '../../release/pack.mjs';
import { repoRoot } from '../../release/packages.mjs';

export const CLIENT = '@merchant-ordering/client';
export const SPEC = '@merchant-ordering/spec';
export const TYPES = '@merchant-ordering/types';
export const SANDBOX = '@merchant-ordering/sandbox';
export const CONTRACT = '@merchant-ordering/contract';
export const CLI = '@merchant-ordering/cli';
export const MCP = '@merchant-ordering/mcp';

/** @returns {Promise<{ work: string, packed: Record<string, { name, version, tarball, dir }>, tarballs: Record<string, string>, cleanUp: () => void }>} */
export async function packForTest() {
  for (const built of [
    'spec/dist/openapi.json',
    'packages/client/dist/index.js',
    'packages/sandbox/dist/index.js',
    'packages/cli/dist/index.js',
    'packages/mcp/dist/index.js',
  ]) {
    if (!existsSync(join(repoRoot, built))) throw new Error(`${built} is missing: run \`pnpm build\` (turbo bundles and builds) first`);
  }
  const work = mkdtempSync(join(tmpdir(), 'release-test-'));
  const packed = await packPublicPackages(join(work, 'tarballs'));
  const tarballs = Object.fromEntries(Object.values(packed).map((pkg) => [pkg.name, pkg.tarball]));
  return { work, packed, tarballs, cleanUp: () => rmSync(work, { recursive: true, force: true }) };
}
