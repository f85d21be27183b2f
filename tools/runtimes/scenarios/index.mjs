// The runtime matrix's scenarios: the built client against the sandbox, as plain ESM that uses only
// the client, node:assert and fetch, so Node, Bun and Deno run the same checks.
//
// A suite is { title, tests(context) }, each test { title, run }; `context` is { baseUrl, credentials }
// of the sandbox the matrix started, or, for the same suites on the engine in process, also `fetch`:
// the in-process sandbox's, which the client then uses as its transport.
import errors from './errors.mjs';
import faults from './faults.mjs';
import reads from './reads.mjs';

export const suites = [reads, errors, faults];

/** The prefix of the suites' names when they run on the engine in process. */
export const IN_PROCESS = 'engine › in process › ';

/** Every test of every suite as { name, run }, the name prefixed with `prefix`. */
export function listScenarios(context, { prefix = '' } = {}) {
  return suites.flatMap((suite) => suite.tests(context).map((test) => ({ name: `${prefix}${suite.title} › ${test.title}`, run: test.run })));
}
