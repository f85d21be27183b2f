import { defineConfig } from 'vitest/config';

// The suite reads the bundled description in dist/: run `bundle` first (turbo's `test` depends on it).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One failing statement must not hide the others.
    bail: 0,
    // The whole statement catalogue runs in single tests (the mutation self-check); on a loaded 2-core
    // machine that takes longer than vitest's default 5 s.
    testTimeout: 30_000,
  },
});
