// Packs packages with `pnpm pack`, exactly as `pnpm publish` would build the tarball (workspace:
// ranges rewritten, "files" applied), and makes deliberately broken variants of a tarball for the
// checks that must be able to fail.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { publicPackages } from './packages.mjs';
import { readTarball } from './tarball.mjs';

const run = promisify(execFile);

/** @returns {Promise<{ name: string, version: string, tarball: string }>} */
export async function packPackage(dir, destination) {
  mkdirSync(destination, { recursive: true });
  const { stdout } = await run('pnpm', ['pack', '--pack-destination', destination, '--json'], { cwd: dir });
  const { name, version, filename } = JSON.parse(stdout);
  return { name, version, tarball: filename };
}

/** Packs every public package into `destination`; resolves to { [name]: { name, version, tarball, dir } }. */
export async function packPublicPackages(destination) {
  const packed = {};
  // One at a time: pnpm pack is quick, and parallel runs would fight over the 2 cores with the tests.
  for (const pkg of publicPackages()) packed[pkg.name] = { ...(await packPackage(pkg.dir, destination)), dir: pkg.dir };
  return packed;
}

/**
 * Unpacks a tarball into a scratch folder, lets `mutate` change its package.json (a "files" list
 * missing a file, a wrong "exports" entry) and packs it again with pnpm pack into `parent/label`
 * (its own folder: the variant keeps the original's file name).
 */
export async function packVariant(tarball, parent, label, mutate) {
  const destination = join(parent, label);
  const scratch = mkdtempSync(join(tmpdir(), 'variant-'));
  try {
    for (const [path, content] of readTarball(tarball)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), content);
    }
    const manifestPath = join(scratch, 'package.json');
    const manifest = JSON.parse(readTarball(tarball).get('package.json').toString('utf8'));
    writeFileSync(manifestPath, `${JSON.stringify(mutate(manifest), null, 2)}\n`);
    return await packPackage(scratch, destination);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
