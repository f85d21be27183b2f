// The tests Stryker runs on the client (stryker.config.mjs): every test that calls src/ in this
// process. Left out: the package gates (they pack and lint the built dist/), the calls against Prism
// (a server of the description, not of src/) and the type tests (the TypeScript checker sees types).
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    globalSetup: [],
    typecheck: { enabled: false },
    exclude: ['test/packaging/**', 'test/prism/**', '**/node_modules/**'],
  },
});
