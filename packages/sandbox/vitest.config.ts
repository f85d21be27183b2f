import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The process tests start the built bin and wait for it to stop.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
