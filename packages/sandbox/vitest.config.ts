import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The contract kit's response check, by path, for test/helpers/spec.ts: every answer the tests get is
    // checked against the description. A dependency would close a cycle in the package graph (the kit
    // depends on the client, whose tests use this sandbox; the kit's own tests run the verifier on it).
    alias: { '@merchant-ordering/contract': fileURLToPath(new URL('../contract/lib/index.js', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The process tests start the built bin and wait for it to stop.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
