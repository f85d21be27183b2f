// The progress bar's line: percentage, bar, count of total, rate and time left, within the terminal's
// width; redrawn in place; notes above it; nothing at all when stderr is not a terminal (export.test.ts).
import { describe, expect, it } from 'vitest';
import { createProgress, duration, progressLine } from '../../src/progress.js';

describe('the progress line', () => {
  it('shows percentage, bar, count of total, rate and time left', () => {
    const line = progressLine({ done: 52_000, total: 100_000, rate: 21_345.4, columns: 100, colour: false });
    expect(line).toBe(` 52% ▕${'█'.repeat(20)}▊${' '.repeat(19)}▏ 52,000/100,000 payments  21,345/s  0:03 left`);
  });

  it('says the rate and time left are not known yet rather than guessing', () => {
    expect(progressLine({ done: 0, total: 1000, rate: undefined, columns: 100, colour: false })).toMatch(/^  0% ▕ +▏ 0\/1,000 payments  …\/s  time left …$/);
  });

  it('fits the terminal: a narrower bar, then none', () => {
    for (const columns of [120, 80, 60, 40]) {
      const line = progressLine({ done: 5, total: 100_000, rate: 10, columns, colour: false });
      expect([...line].length, `${columns} columns`).toBeLessThan(columns);
    }
    expect(progressLine({ done: 5, total: 100_000, rate: 10, columns: 50, colour: false })).not.toContain('▕');
  });

  it('colours the bar only when asked', () => {
    expect(progressLine({ done: 1, total: 2, rate: 1, columns: 80, colour: true })).toContain('\x1b[32m');
    expect(progressLine({ done: 1, total: 2, rate: 1, columns: 80, colour: false })).not.toContain('\x1b');
  });

  it('writes time left as m:ss or h:mm:ss', () => {
    expect([duration(0), duration(59.2), duration(75), duration(3725)]).toEqual(['0:00', '1:00', '1:15', '1:02:05']);
  });

  it('redraws in place, puts notes above the bar, and clears it at the end', () => {
    let written = '';
    let now = 0;
    const progress = createProgress(
      { write: (text) => ((written += text), true), once: () => undefined, isTTY: true, columns: 80 },
      { total: 100, initial: 0, colour: false, now: () => now },
    );
    now = 1000;
    progress.update(40);
    progress.note('retrying after HTTP 429');
    progress.finish();
    expect(written).toContain('\r\x1b[Kretrying after HTTP 429\n\r 40% ');
    expect(written).toContain('40/100 payments  40/s  0:02 left');
    expect(written.endsWith('\r\x1b[K')).toBe(true);
  });
});
