// A green run prints nothing that looks like trouble: turbo warns "Circular package dependency
// detected" on every run when the workspace's packages depend on each other in a cycle, through
// dependencies or devDependencies alike. Nor does a package's test reach another by path (a vitest
// alias) to dodge a cycle: such an edge is outside the graph turbo orders and caches by; what tests
// share without a product package goes in the test kit (test-kit/, which depends on none).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from '../../release/packages.mjs';

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

/** `name config: other` for each other workspace package that a vitest config of the package aliases to a path. */
function reachedByPath({ name, dir }) {
  const configs = readdirSync(dir).filter((file) => /^vitest(\.[\w-]+)?\.config\.(ts|mjs|js)$/.test(file));
  return configs.flatMap((config) =>
    [...readFileSync(join(dir, config), 'utf8').matchAll(/'(@merchant-ordering\/[\w-]+)':\s*fileURLToPath/g)]
      .map((match) => match[1])
      .filter((reached) => reached !== name && edges[reached])
      .map((reached) => `${name} ${config}: ${reached}`),
  );
}

describe('the tests of a workspace package', () => {
  it('reach no other workspace package by path', () => {
    expect(packages.flatMap(reachedByPath)).toEqual([]);
  });
});
