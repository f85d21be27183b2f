// Runs a runtime-neutral consumer scenario suite (tools/test/consumer/scenarios) under vitest, with
// the same describe/it/it.each titles the tests had before the scenarios were shared with the
// runtime matrix.
import { describe, it } from 'vitest';
import { createScenarioContext } from '../consumer/scenario-context.mjs';

export function describeScenarios(suite, baseUrl) {
  const context = createScenarioContext(baseUrl);
  describe(suite.title, () => {
    for (const test of suite.tests(context)) {
      if (test.cases) it.each(test.cases)(test.title, test.run);
      else it(test.title, test.run);
    }
  });
}
