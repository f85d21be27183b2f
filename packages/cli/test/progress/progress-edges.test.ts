// The progress bar at its edges: an empty set, the width at which the bar is dropped, a bar of whole
// cells, the first draw at once, and the rate over a window of about five seconds that follows a change
// of pace (a clock injected, the draws forced by notes: no waiting).
import { describe, expect, it } from 'vitest';
import { createProgress, progressLine } from '../../src/progress.js';

const line = (done: number, total: number, columns: number) => progressLine({ done, total, rate: undefined, columns, colour: false });

describe('progressLine', () => {
  it('an empty set is 100% done, not NaN', () => {
    // At 80 columns there is room for 41 cells: the bar takes its most, 40.
    expect(line(0, 0, 80)).toBe(`100% ▕${'█'.repeat(40)}▏ 0/0 payments  …/s  time left …`);
  });

  it('drops the bar below ten cells of room, and keeps it at ten', () => {
    // 4 (percent) + 30 (text) + 4 (frame and spaces) + 1 (the last column, left empty) = 39 cells without the bar.
    expect(line(0, 0, 49)).toBe(`100% ▕${'█'.repeat(10)}▏ 0/0 payments  …/s  time left …`);
    expect(line(0, 0, 48)).toBe('100% 0/0 payments  …/s  time left …');
    expect(line(0, 0, 20)).toBe('100% 0/0 payments  ');
  });

  it('draws whole cells, then one partial cell in eighths', () => {
    // 33 cells of text: a bar of 10 at 52 columns.
    expect(line(50, 100, 52)).toBe(` 50% ▕█████     ▏ 50/100 payments  …/s  time left …`);
    expect(line(52, 100, 52)).toBe(` 52% ▕█████▎    ▏ 52/100 payments  …/s  time left …`);
  });
});

describe('createProgress', () => {
  it('draws at once, and takes the rate over the last five seconds or so, not from the start', () => {
    const B = 10_000;
    let clock = B;
    let written = '';
    const stream = { write: (text: string) => ((written += text), true), once: () => undefined, isTTY: true, columns: 100 };
    const progress = createProgress(stream, { total: 100_000, initial: 1000, colour: false, now: () => clock });
    expect(written).toMatch(/^\r {2}1% .* 1,000\/100,000 payments {2}…\/s {2}time left …\x1b\[K$/);
    const rateAt = (at: number, done: number) => {
      clock = at;
      progress.update(done);
      written = '';
      progress.note('n');
      return /payments {2}(\S+)\/s/.exec(written)?.[1];
    };
    expect(rateAt(B + 400, 1010)).toBe('…'); // under half a second: no rate yet
    expect(rateAt(B + 500, 1010)).toBe('20'); // 10 in 0.5 s
    expect(rateAt(B + 5500, 1560)).toBe('110'); // samples 5 s or more before the latest one are dropped: 550 in 5 s
    expect(rateAt(B + 6500, 1760)).toBe('125'); // 750 in 6 s: the window keeps the sample before the last
    progress.finish();
    expect(written.endsWith('\r\x1b[K')).toBe(true);
  });
});
