// The runtime matrix's scenarios: the built client against the sandbox, as plain ESM that uses only
// the client, node:assert and fetch, so Node, Bun and Deno run the same checks.
//
// A suite is { title, tests(context) }, each test { title, run }; `context` is { baseUrl, credentials }
// of the sandbox the matrix started.
import errors from './errors.mjs';
import faults from './faults.mjs';
import reads from './reads.mjs';

export const suites = [reads, errors, faults];

/** Every test of every suite as { name, run }. */
export function listScenarios(context) {
  return suites.flatMap((suite) => suite.tests(context).map((test) => ({ name: `${suite.title} › ${test.title}`, run: test.run })));
}
