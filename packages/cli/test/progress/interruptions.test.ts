// Two SIGINTs within 500 ms are one Ctrl+C (the terminal's, and the one pnpm run passes on; pnpm exec
// sends a SIGTERM instead); a later one, or any signal after a SIGTERM, stops at once.
import { describe, expect, it } from 'vitest';
import { interruptions } from '../../src/interruptions.js';

describe('interruptions', () => {
  it('takes a second SIGINT within 500 ms as the same Ctrl+C, and a later one as "stop at once"', () => {
    let now = 1000;
    const decide = interruptions(() => now);
    expect(decide('SIGINT')).toBe('stop');
    now += 120;
    expect(decide('SIGINT')).toBe('ignore');
    now += 370;
    expect(decide('SIGINT')).toBe('ignore'); // 490 ms after the first
    now += 10;
    expect(decide('SIGINT')).toBe('exit');
  });

  it("takes the SIGTERM pnpm exec sends right after the terminal's SIGINT as the same Ctrl+C", () => {
    let now = 0;
    const decide = interruptions(() => now);
    expect(decide('SIGINT')).toBe('stop');
    now += 2;
    expect(decide('SIGTERM')).toBe('ignore');
    now += 600;
    expect(decide('SIGTERM')).toBe('exit');
  });

  it('takes pnpm exec\'s SIGTERM as the same Ctrl+C however late it comes (a loaded machine delays it), and the next one as "stop at once"', () => {
    let now = 0;
    const decide = interruptions(() => now);
    expect(decide('SIGINT')).toBe('stop');
    now += 5000;
    expect(decide('SIGTERM')).toBe('ignore');
    now += 1;
    expect(decide('SIGTERM')).toBe('exit');
  });

  it('stops at once on a signal after a SIGTERM', () => {
    let now = 0;
    const decide = interruptions(() => now);
    expect(decide('SIGTERM')).toBe('stop');
    now += 10;
    expect(decide('SIGINT')).toBe('exit');
  });

  it('takes only a SIGTERM for the forwarded one: a second SIGINT 600 ms after the first stops at once', () => {
    let now = 0;
    const decide = interruptions(() => now);
    expect(decide('SIGINT')).toBe('stop');
    now += 600;
    expect(decide('SIGINT')).toBe('exit');
  });

  it('stops at once on a second SIGTERM right after the forwarded one, however soon', () => {
    let now = 0;
    const decide = interruptions(() => now);
    expect(decide('SIGINT')).toBe('stop');
    now += 2;
    expect(decide('SIGTERM')).toBe('ignore');
    now += 2;
    expect(decide('SIGTERM')).toBe('exit');
  });
});
