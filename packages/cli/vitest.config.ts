import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/packed installs packed tarballs with their dependencies from the npm registry: `pnpm test:consumers`
    // (MERCHANT_PACKED_TESTS=1) runs it, `pnpm test` needs no network.
    exclude: [...configDefaults.exclude, ...(process.env.MERCHANT_PACKED_TESTS === '1' ? [] : ['test/packed/**'])],
    // The process tests start the built bin, kill it and wait for it to stop.
    hookTimeout: 120_000,
    testTimeout: 120_000,
  },
});
