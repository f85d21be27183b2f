// The TypeScript compilers a consumer's code is checked with. `pnpm test` uses the workspace's own
// TypeScript (5.9, the oldest the packages support); `pnpm test:typescript` sets
// MERCHANT_TYPESCRIPT_MATRIX=1 and uses every supported major, pinned in this folder's package.json and
// lockfile (installed frozen by that command). Each is run through its own bin/tsc.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));

/** The @types/node that `npm install --save-dev @types/node` gives today, pinned. */
export const TYPES_NODE = manifest.devDependencies['@types/node'];

/** `{ version, tsc }` of the compiler installed at `packageDir`. */
function compilerAt(packageDir) {
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return { version, tsc: join(packageDir, 'bin/tsc') };
}

/** Every supported major, oldest first; fails with what to run when they are not installed. */
export function matrixTypescripts() {
  return Object.keys(manifest.devDependencies)
    .filter((name) => name.startsWith('typescript-'))
    .sort((a, b) => Number(a.slice(11)) - Number(b.slice(11)))
    .map((alias) => {
      const dir = join(here, 'node_modules', alias);
      if (!existsSync(join(dir, 'bin/tsc'))) throw new Error(`${alias} is not installed: run \`pnpm test:typescript\` (it installs tools/typescripts).`);
      return compilerAt(dir);
    });
}

/** The compilers the consumer checks run with: the matrix when asked for, else the workspace's. */
export function typescriptsUnderTest() {
  if (process.env.MERCHANT_TYPESCRIPT_MATRIX === '1') return matrixTypescripts();
  const fromRoot = createRequire(join(here, '../../package.json'));
  return [compilerAt(dirname(fromRoot.resolve('typescript/package.json')))];
}
