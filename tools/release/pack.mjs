// Packs every public package with the test kit's packPackage (`pnpm pack`, as `pnpm publish` builds the
// tarball), and makes deliberately broken variants of a tarball for the
// checks that must be able to fail.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { publicPackages } from './packages.mjs';
import { packPackage } from '@merchant-ordering/test-kit/pack';
import { readTarball } from '@merchant-ordering/test-kit/tarball';

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
