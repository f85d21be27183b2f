import { defineConfig } from 'vitest/config';

// The suite reads the built site in dist/: run `build` first (turbo's `test` depends on it). The
// samples need the client's dist/ as well (turbo builds dependencies first).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Chromium and tsc each want both cores; one file at a time keeps them from starving.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
