// The tests Stryker runs on the contract kit (stryker.config.mjs): those that call lib/ in this process.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.mjs';

export default defineConfig({
  ...base,
  resolve: {
    // Tests that reach the kit through the workspace's helpers (`@merchant-ordering/contract`) must
    // get the copy Stryker mutates, not the package the name links to.
    alias: { '@merchant-ordering/contract': fileURLToPath(new URL('./lib/index.js', import.meta.url)) },
  },
  test: {
    ...base.test,
    include: [
      'test/breaking/*.test.mjs',
      'test/formats/*.test.mjs',
      'test/provider/exchange-checks.test.mjs',
      'test/provider/json-limits.test.mjs',
      'test/provider/schema-validator.test.mjs',
      'test/provider/violation-preview.test.mjs',
    ],
  },
});
