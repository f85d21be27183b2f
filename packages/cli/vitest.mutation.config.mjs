// The tests Stryker runs on the CLI (stryker.config.mjs): those that call src/ in this process (runCli
// with captured streams), listed in tools/mutation/packages.mjs with what is left out and why.
import { defineConfig } from 'vitest/config';
import { mutationTests } from '../../tools/mutation/packages.mjs';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: { ...base.test, ...mutationTests('cli') },
});
