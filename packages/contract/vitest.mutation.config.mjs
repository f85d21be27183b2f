// The tests Stryker runs on the contract kit (stryker.config.mjs): those that call lib/ in this process.
// The rest run lib/cli.js in a child process, where no mutant is switched on (Stryker activates one
// in its own test process), so they could only slow the run down.
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
      // The breaking-change check on the corpus of known changes (tools/breaking), which oasdiff runs on too.
      '../../tools/test/breaking/corpus.test.mjs',
      'test/cli/read-arguments.test.mjs',
      'test/formats/*.test.mjs',
      'test/provider/exchange-checks.test.mjs',
      'test/provider/json-limits.test.mjs',
      'test/provider/junit-report.test.mjs',
      'test/provider/schema-validator.test.mjs',
      'test/provider/verify.test.mjs',
      'test/provider/violation-preview.test.mjs',
    ],
  },
});
