// The workspace's public packages (those not marked "private"), as pnpm lists them, so a new public
// package is packed and checked without anyone editing a list.
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every workspace package, the root included. @returns {Array<{ name: string, version?: string, dir: string, private: boolean }>} */
export function workspacePackages() {
  const listing = JSON.parse(execFileSync('pnpm', ['ls', '--recursive', '--depth', '-1', '--json'], { cwd: repoRoot, encoding: 'utf8' }));
  return listing
    .map((entry) => ({ name: entry.name, version: entry.version, dir: entry.path, private: entry.private !== false }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** @returns {Array<{ name: string, version: string, dir: string }>} sorted by name */
export function publicPackages() {
  return workspacePackages().filter((pkg) => !pkg.private);
}
