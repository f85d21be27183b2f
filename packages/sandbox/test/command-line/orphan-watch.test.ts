// The orphan watch (src/hosts/node/orphan-watch.ts) in this process, with the parent's id passed in:
// it calls once the parent changes, never after being stopped, and never holds the process open.
// test/process/lifecycle.test.ts kills a real parent.
import { describe, expect, it } from 'vitest';
import { watchParent } from '../../src/hosts/node/orphan-watch.js';

/** A parent id that reads `before` until `leave()`, then 1 (init), counting reads. */
function parent(before = 4242) {
  let gone = false;
  const reads = { count: 0 };
  const read = () => {
    reads.count++;
    return gone ? 1 : before;
  };
  return { reads, read, leave: () => (gone = true) };
}

const ticks = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 5));

describe('watchParent', () => {
  it('calls once the parent changes, then stops polling', async () => {
    const { read, leave, reads } = parent();
    let calls = 0;
    const called = new Promise<void>((resolve) =>
      watchParent(
        read,
        () => {
          calls++;
          resolve();
        },
        1,
      ),
    );
    await ticks(4);
    expect(calls).toBe(0);
    leave();
    await called;
    const readsThen = reads.count;
    await ticks(10);
    expect([calls, reads.count]).toEqual([1, readsThen]);
  });

  it('never keeps the process alive by itself: its timer is not among those that do', () => {
    const keepingAlive = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = keepingAlive();
    const stop = watchParent(parent().read, () => {}, 1000);
    const during = keepingAlive();
    stop();
    expect(during).toBe(before);
  });

  it('never calls once stopped', async () => {
    const { read, leave } = parent();
    let calls = 0;
    const stop = watchParent(read, () => calls++, 1);
    await ticks(2);
    stop();
    leave();
    await ticks(10);
    expect(calls).toBe(0);
  });
});
