import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The workspace's private scripts (package gates, packing), by path: a published package names no private one.
    alias: { '@merchant-ordering/tools': fileURLToPath(new URL('../../tools', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The process tests start the built bin, kill it and wait for it to stop.
    hookTimeout: 120_000,
    testTimeout: 120_000,
  },
});
