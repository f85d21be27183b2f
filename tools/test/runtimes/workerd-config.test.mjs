// How the runtime matrix gives workerd the sandbox's engine (tools/runtimes/workerd.mjs): every built
// module the ./fetch entry imports, found from its relative imports, and a config that turns Node.js
// compatibility off (workerd's recent compatibility dates turn it on by default). That the worker then
// has nothing of Node is checked inside workerd, by the matrix.
import { describe, expect, it } from 'vitest';
import { COMPATIBILITY_FLAGS, relativeImports, workerdConfig } from '../../runtimes/workerd.mjs';

describe('relativeImports', () => {
  it('finds static imports, re-exports, bare imports and dynamic imports of relative paths, and nothing else', () => {
    const source = `import { a } from './a.js';\nexport { b } from "../b.js";\nimport './c.js';\nconst d = await import('./d.js');\nimport { e } from 'msw';\nimport f from 'node:fs';`;
    expect(relativeImports(source)).toEqual(['./a.js', '../b.js', './c.js', './d.js']);
  });
});

describe('workerdConfig', () => {
  it('lists each module, the first as the main one, with Node.js compatibility turned off and never on', () => {
    const config = workerdConfig(['worker.mjs', 'sandbox/fetch.js']);
    expect(config).toContain('(name = "worker.mjs", esModule = embed "worker.mjs"),\n    (name = "sandbox/fetch.js", esModule = embed "sandbox/fetch.js"),');
    expect(COMPATIBILITY_FLAGS).toEqual(['no_nodejs_compat', 'no_nodejs_compat_v2']);
    expect(config).toContain('compatibilityFlags = ["no_nodejs_compat", "no_nodejs_compat_v2"]');
    expect(config).not.toMatch(/"nodejs_compat/);
  });
});
