// The runtime matrix's scenarios (tools/runtimes/scenarios), run here on the workspace's Node against
// a sandbox of their own, over HTTP and with an in-process sandbox as the client's fetch, so `pnpm test`
// catches a broken scenario before `pnpm test:runtimes` runs them on every runtime. Their names are
// what the matrix scores, so they must be unique.
import { createSandbox, startSandbox } from '@merchant-ordering/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { IN_PROCESS, listScenarios, suites } from '../../runtimes/scenarios/index.mjs';
import { describeScenarios } from '../helpers/scenarios.mjs';

const sandbox = await startSandbox({ port: 0 });
const inProcess = await createSandbox();
afterAll(() => Promise.all([sandbox.close(), inProcess.close()]));
const context = { baseUrl: sandbox.url, credentials: sandbox.credentials };
const inProcessContext = { baseUrl: 'https://global-api-sandbox.afterpay.com', credentials: inProcess.credentials, fetch: inProcess.fetch };

describe('the runtime matrix scenarios', () => {
  it('each have a name of their own', () => {
    const names = [...listScenarios(context), ...listScenarios(inProcessContext, { prefix: IN_PROCESS })].map((scenario) => scenario.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const suite of suites) describeScenarios(suite, context);
});

describe('the runtime matrix scenarios on the engine in process', () => {
  for (const suite of suites) describeScenarios(suite, inProcessContext);
});
