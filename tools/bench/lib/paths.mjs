// Where the benchmarks find the workspace and write their results.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = resolve(benchDir, '../..');
/** The client package; a run's frozen copy of it when the runner gives one (lib/client-snapshot.mjs). */
export const clientDir = process.env.BENCH_CLIENT_DIR || join(repoRoot, 'packages/client');
export const liveClientDir = join(repoRoot, 'packages/client');
export const docsDist = join(repoRoot, 'packages/docs/dist');
export const resultsDir = join(benchDir, 'results');
/** Scratch space of a run (gitignored): the client snapshot, logs. */
export const outputDir = join(benchDir, '../bench-output');
/** The built client, imported as an application would import the published package. */
export const clientEntry = join(clientDir, 'dist/index.js');
/** The built sandbox, as its package exports it. */
export const sandboxEntry = join(repoRoot, 'packages/sandbox/dist/index.js');
