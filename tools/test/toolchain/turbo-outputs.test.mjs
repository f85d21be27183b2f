// A green `pnpm test` prints nothing that looks like trouble. Turbo warns "no output files found for
// task X" after every run of a task whose `outputs` name files the task never writes, so each task's
// declared outputs must be a folder its tests write into, and a task that writes nothing declares none.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot, workspacePackages } from '../../release/packages.mjs';

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const rootTurbo = readJson(join(repoRoot, 'turbo.json'));

/** The `outputs` turbo uses for `name#task`: the package's own turbo.json, then `name#task`, then `task`. */
function declaredOutputs({ name, dir }, task) {
  const own = join(dir, 'turbo.json');
  const packageTask = existsSync(own) ? readJson(own).tasks?.[task] : undefined;
  return packageTask?.outputs ?? rootTurbo.tasks[`${name}#${task}`]?.outputs ?? rootTurbo.tasks[task]?.outputs ?? [];
}

/** The text of every test source of a package (its test/ folder and vitest config). */
function testSources(dir) {
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder)) {
      if (entry === 'node_modules' || entry === 'test-output') continue;
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      // This file names the folder too, without writing to it.
      else if (/\.(m?[jt]s)$/.test(entry) && path !== fileURLToPath(import.meta.url)) files.push(path);
    }
  };
  if (existsSync(join(dir, 'test'))) walk(join(dir, 'test'));
  return files.map((path) => readFileSync(path, 'utf8')).join('\n');
}

const tested = workspacePackages().filter(({ dir }) => readJson(join(dir, 'package.json')).scripts?.test);

describe('turbo outputs of the test tasks', () => {
  it.each(tested.map((pkg) => [pkg.name, pkg]))('%s#test declares only folders its tests write into', (_name, pkg) => {
    const sources = testSources(pkg.dir);
    const unwritten = declaredOutputs(pkg, 'test')
      .map((glob) => glob.replace(/\/\*\*$/, ''))
      .filter((folder) => !sources.includes(`'${folder}'`) && !sources.includes(`${folder}/`));
    expect(unwritten, `${relative(repoRoot, pkg.dir)}: turbo would warn "no output files found"`).toEqual([]);
  });
});
