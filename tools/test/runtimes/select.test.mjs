// `pnpm test:runtimes --only <runtime>` picks one runtime of the matrix, as each job of CI's runtime
// matrix does; anything else on the command line is refused with the keys that exist.
import { describe, expect, it } from 'vitest';
import { runtimeKey, selectRuntimes } from '../../runtimes/select.mjs';

const MATRIX = [{ name: 'node 20 (machine)' }, { name: 'node 22' }, { name: 'node 24' }, { name: 'bun' }, { name: 'deno' }];

describe('choosing runtimes of the matrix', () => {
  it('keys each runtime by its name without spaces or the parenthesised note', () => {
    expect(MATRIX.map(runtimeKey)).toEqual(['node20', 'node22', 'node24', 'bun', 'deno']);
  });

  it('runs every runtime when no option is given', () => {
    expect(selectRuntimes(MATRIX, [])).toEqual(MATRIX);
  });

  it('runs only the runtime named by --only', () => {
    expect(selectRuntimes(MATRIX, ['--only', 'node20'])).toEqual([{ name: 'node 20 (machine)' }]);
    expect(selectRuntimes(MATRIX, ['--only', 'bun'])).toEqual([{ name: 'bun' }]);
  });

  it('refuses an unknown runtime, listing the ones that exist', () => {
    expect(() => selectRuntimes(MATRIX, ['--only', 'node18'])).toThrow('--only node18: no such runtime in the matrix (node20, node22, node24, bun, deno)');
  });

  it('refuses any other argument with the usage', () => {
    expect(() => selectRuntimes(MATRIX, ['bun'])).toThrow('usage: pnpm test:runtimes [--only <runtime>]');
    expect(() => selectRuntimes(MATRIX, ['--only'])).toThrow('usage: pnpm test:runtimes [--only <runtime>]');
  });
});
