// A library prints nothing into a merchant's logs by itself: no process warning, whatever the clock
// does. A deadline already past when its timer is armed (a busy event loop, a call whose total deadline
// ran out during a retry wait) must fire at once, not arm a negative timer (Node's
// TimeoutNegativeWarning: "-38 is a negative number").
import { afterEach, describe, expect, it } from 'vitest';
import { armDeadlines } from '../../src/attempt.js';
import { DEFAULT_TIMEOUTS } from '../../src/transport.js';

const warnings: Error[] = [];
const record = (warning: Error) => void warnings.push(warning);
process.on('warning', record);
afterEach(() => void warnings.splice(0));

/** Lets process warnings, emitted on the next tick, arrive. */
const ticks = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('deadlines already past', () => {
  it('a call deadline in the past aborts the attempt with a total timeout and no warning', async () => {
    const controller = new AbortController();
    const deadlines = armDeadlines(controller, DEFAULT_TIMEOUTS, Date.now() - 38);
    await new Promise((resolve) => controller.signal.addEventListener('abort', resolve));
    deadlines.clear();
    await ticks();
    expect(controller.signal.reason).toMatchObject({ phase: 'total' });
    expect(warnings.map(({ name, message }) => `${name}: ${message}`)).toEqual([]);
  });
});
