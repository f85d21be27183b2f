import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The workspace's private scripts (contract kit, package gates), by path: a published package names no private one.
    alias: { '@merchant-ordering/tools': fileURLToPath(new URL('../../tools', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The process tests start the built bin and wait for it to stop.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
