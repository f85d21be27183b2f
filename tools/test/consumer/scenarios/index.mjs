// The consumer contract scenarios, runtime-neutral: plain ESM that uses only the built client,
// node:assert and fetch, so vitest (tools/test/consumer/*.test.mjs) and the runtime matrix
// (tools/runtimes) run the same checks on Node, Bun and Deno.
//
// A suite is { title, tests(context) }; each test is { title, run } or, parameterised like vitest's
// it.each, { title, cases, run(case) }. `context` comes from ../scenario-context.mjs.
import auth from './auth.mjs';
import invalidQueries from './invalid-queries.mjs';
import namedExamples from './named-examples.mjs';
import operations from './operations.mjs';

export const suites = [auth, invalidQueries, namedExamples, operations];

/** Every test of every suite as { name, run }, titles filled in as vitest would (without its quoting). */
export function listScenarios(context) {
  return suites.flatMap((suite) =>
    suite.tests(context).flatMap((test) =>
      test.cases
        ? test.cases.map((testCase) => ({ name: `${suite.title} › ${fillTitle(test.title, testCase)}`, run: () => test.run(testCase) }))
        : [{ name: `${suite.title} › ${test.title}`, run: () => test.run() }],
    ),
  );
}

// `%s` takes a primitive case; `$a.b` reads a property path of an object case.
function fillTitle(title, testCase) {
  if (testCase === null || typeof testCase !== 'object') return title.replace('%s', String(testCase));
  return title.replace(/\$([\w.]+)/g, (_, path) => String(path.split('.').reduce((value, key) => value?.[key], testCase)));
}
