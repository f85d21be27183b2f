// The tests Stryker runs on the sandbox (stryker.config.mjs): every test that calls src/ in this
// process, listed in tools/mutation/packages.mjs with what is left out and why.
import { defineConfig } from 'vitest/config';
import { mutationTests } from '../../tools/mutation/packages.mjs';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: { ...base.test, ...mutationTests('sandbox') },
});
