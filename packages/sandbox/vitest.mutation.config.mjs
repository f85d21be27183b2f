// The tests Stryker runs on the sandbox (stryker.config.mjs): every test that calls src/ in this
// process. Left out: the package gates (they pack and lint the built dist/), the process tests (they
// start the built bin), the browser ones (Chromium loads the built service worker) and the heap ones
// (a Node of their own with --expose-gc, on the built dist/).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  resolve: {
    ...base.resolve,
    alias: {
      ...base.resolve?.alias,
      // Stryker's copy of the package sits two levels below the repository, as the package does, but
      // not beside packages/contract: reach the contract kit from the repository's root instead.
      '@merchant-ordering/contract': fileURLToPath(new URL('../../packages/contract/lib/index.js', import.meta.url)),
    },
  },
  test: {
    ...base.test,
    exclude: ['test/packaging/**', 'test/process/**', 'test/service-worker/**', 'test/in-process/**', 'test/equivalence/service-worker.test.ts', '**/node_modules/**'],
  },
});
