// The interruption rules at the edges the main test leaves: a second SIGINT after the 500 ms is not
// taken for pnpm's forwarded SIGTERM, and neither is a second SIGTERM right after the forwarded one.
import { expect, it } from 'vitest';
import { interruptions } from '../../src/interruptions.js';

it('a SIGINT 600 ms after the first stops at once: only a SIGTERM is taken for the forwarded one', () => {
  let now = 0;
  const decide = interruptions(() => now);
  expect(decide('SIGINT')).toBe('stop');
  now += 600;
  expect(decide('SIGINT')).toBe('exit');
});

it('a second SIGTERM right after the forwarded one stops at once, however soon', () => {
  let now = 0;
  const decide = interruptions(() => now);
  expect(decide('SIGINT')).toBe('stop');
  now += 2;
  expect(decide('SIGTERM')).toBe('ignore');
  now += 2;
  expect(decide('SIGTERM')).toBe('exit');
});
