import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The process tests start the built bin, kill it and wait for it to stop.
    hookTimeout: 120_000,
    testTimeout: 120_000,
  },
});
