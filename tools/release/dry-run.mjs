#!/usr/bin/env node
// `pnpm release:dry`: builds what is published (turbo run bundle build, unless --skip-build, which
// `pnpm release` uses after its own build), packs every public package into release/ at the repository
// root with pnpm pack, publishes nothing, and prints what each tarball holds and which runtime
// dependencies it declares.
import { rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, readCommandLine } from '../command-line.mjs';
import { packPublicPackages } from './pack.mjs';
import { publicPackages, repoRoot } from './packages.mjs';
import { readPackedManifest, readTarball } from '@merchant-ordering/test-kit/tarball';
import { missingTargets } from './targets.mjs';

const { values } = readCommandLine({
  command: 'pnpm release:dry',
  usage: `usage: pnpm release:dry [--skip-build]

Builds and packs every public package into release/, checks each tarball against its exports and lists
what it holds. Nothing is published.

  --skip-build  pack what is already built
  --version     the version of the API description
  -h, --help    this text`,
  options: { 'skip-build': { type: 'boolean' } },
});
if (!values['skip-build']) {
  await build(['bundle', 'build', ...publicPackages().map(({ name }) => `--filter=${name}`), '--output-logs=errors-only']);
}

const destination = join(repoRoot, 'release');
rmSync(destination, { recursive: true, force: true });
const packed = await packPublicPackages(destination);

const problems = [];
for (const { name, version, tarball } of Object.values(packed)) {
  const files = [...readTarball(tarball)].sort(([a], [b]) => a.localeCompare(b));
  problems.push(
    ...missingTargets(
      readPackedManifest(tarball),
      files.map(([path]) => path),
    ).map((line) => `${name}: ${line} is not in the tarball`),
  );
  const unpacked = files.reduce((sum, [, content]) => sum + content.length, 0);
  const dependencies = Object.entries(readPackedManifest(tarball).dependencies ?? {}).map(([dep, range]) => `${dep}@${range}`);
  console.log(`\n${name}@${version}  ${relative(repoRoot, tarball)}  (${kb(statSync(tarball).size)} packed, ${kb(unpacked)} unpacked, ${files.length} files)`);
  console.log(`  runtime dependencies: ${dependencies.length ? dependencies.join(', ') : 'none'}`);
  for (const [path, content] of files) console.log(`  ${kb(content.length).padStart(9)}  ${path}`);
}
console.log(`\n${Object.keys(packed).length} tarballs in ${relative(repoRoot, destination)}/; nothing was published.`);
if (problems.length) {
  console.error(`\n${problems.join('\n')}`);
  process.exitCode = 1;
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} kB`;
}
