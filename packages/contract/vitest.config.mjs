// The contract kit's tests. The global setup serves one Prism mock of the bundled description (the
// verifier must pass against it); tests read its URL with inject('prismUrl').
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.mjs'],
    globalSetup: ['test/global-setup.mjs'],
    // Prism needs 2-3 s to start; the packed-CLI test installs tarballs with npm.
    hookTimeout: 120_000,
    testTimeout: 120_000,
  },
});
