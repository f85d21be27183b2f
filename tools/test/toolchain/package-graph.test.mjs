// A green run prints nothing that looks like trouble: turbo warns "Circular package dependency
// detected" on every run when the workspace's packages depend on each other in a cycle, through
// dependencies or devDependencies alike. A package whose tests need another that would close a cycle
// reaches it by path instead (as the sandbox's tests reach the contract kit).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, workspacePackages } from '../../release/packages.mjs';

const packages = workspacePackages().filter(({ name }) => name.startsWith('@merchant-ordering/'));
const edges = Object.fromEntries(
  packages.map(({ name, dir }) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const named = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies });
    return [name, named.filter((dependency) => packages.some((pkg) => pkg.name === dependency))];
  }),
);

/** The first cycle found, as a list of package names ending where it started, or undefined. */
function findCycle() {
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return undefined;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    for (const next of edges[name]) {
      const cycle = visit(next, [...path, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return undefined;
  };
  for (const name of Object.keys(edges)) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the workspace package graph', () => {
  it('has no cycle, so turbo warns about none', () => {
    expect(findCycle()).toBeUndefined();
  });
});

// A package reached by path is not in the graph turbo reads, so its task must name what the reached
// package needs built: on a clean clone nothing else orders the sandbox's tests after the client's
// build that the contract kit imports (the tests failed there with "Cannot find package").
const turbo = JSON.parse(readFileSync(join(repoRoot, 'turbo.json'), 'utf8'));
const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
const hasBuild = (name) => Boolean(JSON.parse(readFileSync(join(byName.get(name).dir, 'package.json'), 'utf8')).scripts?.build);

/** Published workspace packages a package's vitest config aliases to a path (the private tools are scripts run in place). */
function reachedByPath({ dir }) {
  const config = ['vitest.config.ts', 'vitest.config.mjs'].map((file) => join(dir, file)).find(existsSync);
  if (!config) return [];
  const aliased = [...readFileSync(config, 'utf8').matchAll(/'(@merchant-ordering\/[\w-]+)':\s*fileURLToPath/g)];
  return aliased.map((match) => match[1]).filter((name) => byName.has(name) && !byName.get(name).private);
}

describe('a package whose tests reach another by path', () => {
  const cases = packages.flatMap((pkg) => reachedByPath(pkg).map((reached) => [pkg.name, reached]));

  it('is found here (the sandbox reaches the contract kit)', () => {
    expect(cases).toContainEqual(['@merchant-ordering/sandbox', '@merchant-ordering/contract']);
  });

  it.each(cases)('%s tests after the builds %s needs, and reruns when it changes', (name, reached) => {
    const task = turbo.tasks[`${name}#test`];
    expect(task, `turbo.json has no ${name}#test task`).toBeDefined();
    // The package itself and its own dependencies are ordered by `build` and `^build` already.
    const ordered = (dependency) => dependency !== name && !edges[name].includes(dependency);
    const needs = [reached, ...edges[reached]]
      .filter(ordered)
      .filter(hasBuild)
      .map((dependency) => `${dependency}#build`);
    expect(task.dependsOn).toEqual(expect.arrayContaining(needs));
    const reachedInputs = `$TURBO_ROOT$/${relative(repoRoot, byName.get(reached).dir)}/`;
    expect(task.inputs.filter((input) => input.startsWith(reachedInputs))).not.toEqual([]);
  });
});
