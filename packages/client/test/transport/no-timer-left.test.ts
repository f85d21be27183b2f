// A settled call leaves no timer behind: a timer still pending after the call (the connect deadline,
// re-armed for a shorter read deadline and never cleared) would keep a short script's process alive
// until it fires. Counted with Node's own list of active resources, before and after the call.
import { describe, expect, it } from 'vitest';
import { EMPTY_PAGE, clientWith } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';

const pendingTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

describe('timers after a call', () => {
  it.each([
    ['a read deadline shorter than what is left of the connect one', { connectMs: 60_000, readMs: 5_000, totalMs: 120_000 }],
    ['the default deadlines', {}],
  ])('none is left pending with %s', async (_, timeouts) => {
    const { client } = clientWith(() => json(EMPTY_PAGE), { timeouts });
    const before = pendingTimers();
    await expect(client.listPayments()).resolves.toMatchObject({ totalResults: 0 });
    expect(pendingTimers()).toBe(before);
  });
});
