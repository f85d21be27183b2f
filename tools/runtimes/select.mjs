// `pnpm test:runtimes --only <runtime>`: one runtime of the matrix, as CI runs each in a job of its own.
// A runtime's key is its name without spaces or the parenthesised note: node20, node22, node24, bun, deno, workerd.

/** @param {{ name: string }} runtime */
export function runtimeKey({ name }) {
  return name.replace(/\s*\(.*\)$/, '').replace(/\s+/g, '');
}

/**
 * @template {{ name: string }} R
 * @param {R[]} runtimes  the whole matrix
 * @param {string[]} args  the command line: nothing (every runtime) or `--only <key>`
 * @returns {R[]}
 */
export function selectRuntimes(runtimes, args) {
  if (args.length === 0) return runtimes;
  const keys = runtimes.map(runtimeKey);
  if (args.length !== 2 || args[0] !== '--only') {
    throw new Error(`usage: pnpm test:runtimes [--only <runtime>], where <runtime> is one of ${keys.join(', ')}`);
  }
  const chosen = runtimes.filter((runtime) => runtimeKey(runtime) === args[1]);
  if (chosen.length === 0) throw new Error(`--only ${args[1]}: no such runtime in the matrix (${keys.join(', ')})`);
  return chosen;
}
