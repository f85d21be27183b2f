// A frozen copy of the built client for one benchmark run. The client is rebuilt in place
// (`rm -rf dist && tsc`) whenever anyone builds the workspace, so a long run reading the live dist/
// could fail half-way or measure two different builds. Every item of a run imports this copy instead
// (the runner passes it in BENCH_CLIENT_DIR); its node_modules link to the client's own dependencies.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Copies `<clientDir>/{package.json,dist}` to `target` and links its node_modules. Returns the dist's hash. */
export function snapshotClient(clientDir, target) {
  if (!existsSync(join(clientDir, 'dist/index.js'))) throw new Error(`${clientDir}/dist is not built`);
  rmSync(target, { recursive: true, force: true });
  cpSync(join(clientDir, 'dist'), join(target, 'dist'), { recursive: true });
  cpSync(join(clientDir, 'package.json'), join(target, 'package.json'));
  symlinkSync(realpathSync(join(clientDir, 'node_modules')), join(target, 'node_modules'), 'dir');
  const hash = hashDist(target);
  if (hash !== hashDist(clientDir)) throw new Error('the client was rebuilt while it was being copied; run again');
  return hash;
}

/** A short sha256 over the dist's file names and contents: which build a number belongs to. */
export function hashDist(clientDir) {
  const dist = join(clientDir, 'dist');
  const hash = createHash('sha256');
  for (const file of listFiles(dist).sort()) hash.update(relative(dist, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
