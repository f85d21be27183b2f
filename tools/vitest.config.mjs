// Contract tests of the workspace tools. The global setup serves one Prism mock of the bundled
// description for every test file (tests read its URL with inject('prismUrl')).
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.mjs'],
    // test/packed installs packed tarballs with their dependencies from the npm registry: `pnpm test:consumers`
    // (MERCHANT_PACKED_TESTS=1) runs it, `pnpm test` needs no network.
    exclude: [...configDefaults.exclude, ...(process.env.MERCHANT_PACKED_TESTS === '1' ? [] : ['test/packed/**'])],
    globalSetup: ['test/global-setup.mjs'],
    // Prism needs 2-3 s to start; the process-cleanup tests start several.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
