import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The workspace's private scripts (package gates), by path: a published package names no private one.
    // The contract kit too: it depends on the client, whose tests use this sandbox, so a dependency
    // here would close a cycle in the package graph (turbo warns about it on every run).
    alias: {
      '@merchant-ordering/tools': fileURLToPath(new URL('../../tools', import.meta.url)),
      '@merchant-ordering/contract': fileURLToPath(new URL('../contract/lib/index.js', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The process tests start the built bin and wait for it to stop.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
