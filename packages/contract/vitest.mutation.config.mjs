// The tests Stryker runs on the contract kit (stryker.config.mjs): those that call lib/ in this process,
// listed in tools/mutation/packages.mjs. The rest run lib/cli.js in a child process, where no mutant is
// switched on (Stryker activates one in its own test process), so they could only slow the run down.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { mutationTests } from '../../tools/mutation/packages.mjs';
import base from './vitest.config.mjs';

export default defineConfig({
  ...base,
  resolve: {
    // Tests that reach the kit through the workspace's helpers (`@merchant-ordering/contract`) must
    // get the copy Stryker mutates, not the package the name links to.
    alias: { '@merchant-ordering/contract': fileURLToPath(new URL('./lib/index.js', import.meta.url)) },
  },
  test: { ...base.test, ...mutationTests('contract') },
});
