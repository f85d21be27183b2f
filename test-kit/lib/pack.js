// Packs one package with `pnpm pack`, exactly as `pnpm publish` would build the tarball (workspace:
// ranges rewritten, "files" applied).
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * @param {string} dir the package's folder
 * @param {string} destination the folder the tarball is written to
 * @returns {Promise<{ name: string, version: string, tarball: string }>}
 */
export async function packPackage(dir, destination) {
  mkdirSync(destination, { recursive: true });
  const { stdout } = await run('pnpm', ['pack', '--pack-destination', destination, '--json'], { cwd: dir });
  const { name, version, filename } = JSON.parse(stdout);
  return { name, version, tarball: filename };
}
