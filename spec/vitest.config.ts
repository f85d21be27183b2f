import { defineConfig } from 'vitest/config';

// The suite reads the bundled description in dist/: run `bundle` first (turbo's `test` depends on it).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One failing statement must not hide the others.
    bail: 0,
    // The validators and the mutation self-check take seconds each, more on a shared machine.
    testTimeout: 60_000,
  },
});
