// `pnpm contract:verify --base-url` against the sandbox: the shared provider scenarios
// (spec/vectors/provider-scenarios.json), each exchange checked with the bundled description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, startSandbox, type Sandbox } from '../../src/index.js';
import { verify } from '../helpers/verifier.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const ARRAYS = ['tokens', 'ids', 'merchantReferences', 'statuses'];
/** Does the request send a comma inside an array value (which the service answers with 500)? */
const sendsArrayComma = (url: string) => [...new URL(url).searchParams].some(([name, value]) => ARRAYS.includes(name) && value.includes(','));

describe('the provider verifier', () => {
  it('passes against the sandbox with its default credentials, but for a shared scenario that still expects 200 for a comma in an array value', async () => {
    const { run, report } = await verify({ baseUrl: sandbox.url, credentials: DEFAULT_CREDENTIALS });
    expect(run.results.length).toBeGreaterThan(10);
    // Issue 10: a comma in any array value counts as comma-separated, and the service answers 500.
    // spec/vectors/provider-scenarios.json still sends merchantReferences=`order 1,2&3` and expects
    // 200; until that vector is corrected (spec/, not ours to edit here), that is the one exchange
    // allowed to differ, and only as a 500.
    const failing = run.results.filter((result) => result.violations.length > 0);
    for (const result of failing) {
      expect(sendsArrayComma((result as { url: string }).url), report).toBe(true);
      expect(result.violations.map((violation) => violation.message), report).toEqual(['expected 200, got 500']);
    }
    expect(failing.length, report).toBeLessThanOrEqual(1);
  });
});
