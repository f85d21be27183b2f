// `pnpm contract:verify --base-url` against the sandbox: the shared provider scenarios
// (spec/vectors/provider-scenarios.json), each exchange checked with the bundled description.
import { DEFAULT_CREDENTIALS, startSandbox } from '@merchant-ordering/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../lib/verify.js';

let sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('the provider verifier', () => {
  it('passes against the sandbox with its default credentials: every scenario, no violation', async () => {
    const { run, report } = await verify({ baseUrl: sandbox.url, credentials: DEFAULT_CREDENTIALS });
    expect(run.results.length).toBeGreaterThan(10);
    expect(run.violationCount, report).toBe(0);
  });
});
