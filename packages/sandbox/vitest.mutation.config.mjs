// The tests Stryker runs on the sandbox (stryker.config.mjs): every test that calls src/ in this
// process, listed in tools/mutation/packages.mjs with what is left out and why.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { mutationTests } from '../../tools/mutation/packages.mjs';
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
  test: { ...base.test, ...mutationTests('sandbox') },
});
