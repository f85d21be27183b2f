// The runtime matrix's scenarios (tools/runtimes/scenarios), run here on the workspace's Node against
// a sandbox of their own, so `pnpm test` catches a broken scenario before `pnpm test:runtimes` runs
// them on every runtime. Their names are what the matrix scores, so they must be unique.
import { startSandbox } from '@merchant-ordering/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { listScenarios, suites } from '../../runtimes/scenarios/index.mjs';
import { describeScenarios } from '../helpers/scenarios.mjs';

const sandbox = await startSandbox({ port: 0 });
afterAll(() => sandbox.close());
const context = { baseUrl: sandbox.url, credentials: sandbox.credentials };

describe('the runtime matrix scenarios', () => {
  it('each have a name of their own', () => {
    const names = listScenarios(context).map((scenario) => scenario.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const suite of suites) describeScenarios(suite, context);
});
