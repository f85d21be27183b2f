// Where the rows find the built workspace, and where a run writes its scratch output (gitignored).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const outputDir = join(repoRoot, 'tools/bench-output');
export const clientEntry = join(repoRoot, 'packages/client/dist/index.js');
export const sandboxEntry = join(repoRoot, 'packages/sandbox/dist/index.js');
export const docsDist = join(repoRoot, 'packages/docs/dist');
