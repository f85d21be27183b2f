// Contract tests of the workspace tools. The global setup serves one Prism mock of the bundled
// description for every test file (tests read its URL with inject('prismUrl')).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.mjs'],
    globalSetup: ['test/global-setup.mjs'],
    // Prism needs 2-3 s to start; the process-cleanup tests start several.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
