// @merchant-ordering/cli: the `merchant-ordering` command line. The bin is the product; run() runs the
// same command line from a script, and CSV_COLUMNS names the export's CSV columns in order.
import { runCli } from './run.js';
import type { CliIo } from './types.js';

export type { CliIo, OutputStream } from './types.js';
export { CSV_COLUMNS } from './csv.js';

/**
 * Runs one command line, e.g. `run(['payments', 'list', '--sandbox', '--json'])`, writing where the
 * command line would (process.stdout and process.stderr by default) and resolving to its exit code:
 * 0 done, 1 the API or the network failed, 2 a wrong flag, value or set-up.
 */
export function run(argv: readonly string[], io: Partial<CliIo> = {}): Promise<number> {
  const { stdout = process.stdout, stderr = process.stderr, env = process.env } = io;
  return runCli(argv, { stdout, stderr, env }, new AbortController().signal);
}
