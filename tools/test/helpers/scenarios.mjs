// Runs a runtime-neutral scenario suite under vitest: a suite is { title, tests(context) }, each test
// { title, run } or, parameterised like it.each, { title, cases, run(case) }. Used for the consumer
// contract scenarios (consumer/scenarios, against Prism) and the runtime matrix's scenarios
// (tools/runtimes/scenarios, against the sandbox), so a broken scenario shows in `pnpm test` too.
import { describe, it } from 'vitest';

export function describeScenarios(suite, context) {
  describe(suite.title, () => {
    for (const test of suite.tests(context)) {
      if (test.cases) it.each(test.cases)(test.title, test.run);
      else it(test.title, test.run);
    }
  });
}
