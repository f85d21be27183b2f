// The tests Stryker runs on the sandbox (stryker.config.mjs): every test that calls src/ in this
// process. Left out: the package gates (they pack and lint the built dist/), the process tests (they
// start the built bin) and the browser ones (Chromium loads the built service worker).
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    exclude: ['test/packaging/**', 'test/process/**', 'test/service-worker/**', 'test/equivalence/service-worker.test.ts', '**/node_modules/**'],
  },
});
