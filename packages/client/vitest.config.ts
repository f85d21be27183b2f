import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // package.json `imports` points #node-transport at dist/; tests exercise the sources.
    alias: {
      '#node-transport': fileURLToPath(new URL('./src/node-transport.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/prism.ts'],
    hookTimeout: 30_000,
    testTimeout: 30_000,
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
