// The order of the checks, as the service applies them: path (404), method (405), credentials (401),
// the faults asked for (400 for an unknown one, then the fault: 429 here), Accept (406), then the
// query (500 before 422). Every pair is tested: a request that breaks both gets the earlier status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { breaking, CHECK_ORDER, checkPairs } from '../helpers/check-order.js';
import { sandboxFor, sendRaw } from '../helpers/sandbox.js';

let sandbox: Sandbox;
let stop: () => Promise<void>;
beforeAll(async () => ({ sandbox, stop } = await sandboxFor({ payments: 5 })));
afterAll(() => stop());

describe('the order of the checks', () => {
  it.each(CHECK_ORDER.map((breaker) => [breaker.what, breaker] as const))('%s alone gets its own status', async (_, breaker) => {
    expect((await sendRaw(sandbox.url, breaking(breaker))).status).toBe(breaker.status);
  });

  it.each(checkPairs().map(([first, second]) => [`${first.what} (${first.status}) comes before ${second.what} (${second.status})`, first, second] as const))(
    '%s',
    async (_, first, second) => {
      const { status, json } = await sendRaw(sandbox.url, breaking(first, second));
      expect(status).toBe(first.status);
      expect(json.httpStatusCode).toBe(first.status);
    },
  );

  it('a request that breaks every check gets the first: 404', async () => {
    expect((await sendRaw(sandbox.url, breaking(...CHECK_ORDER))).status).toBe(404);
  });
});
