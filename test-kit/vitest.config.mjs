// The kit's own tests: the answer check, rule by rule, on a description of its own.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['test/**/*.test.mjs'] } });
