import { configDefaults, defineConfig } from 'vitest/config';

// The suite reads the bundled description in dist/: run `bundle` first (turbo's `test` depends on it).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/shared reads the team's reference folder beside the clone: its own task, `test:shared`.
    exclude: [...configDefaults.exclude, 'test/shared/**'],
    // One failing statement must not hide the others.
    bail: 0,
    // The validators and the mutation self-check take seconds each, more on a shared machine.
    testTimeout: 60_000,
  },
});
