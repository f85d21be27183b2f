// A date filter as the form's two controls hold it (a datetime-local value and an offset) and as the
// API takes it: split and joined again without losing the offset, the milliseconds or a zero second.
import { describe, expect, it } from 'vitest';
import { joinDateTime, offsets, splitDateTime } from '../../console/date-time';

describe('a date-time with its offset', () => {
  it.each(['2024-03-01T00:00:00.000+11:00', '2019-12-31T23:59:59.999-05:00', '2019-01-01T00:00:00.000Z', '2024-06-30T12:00:00.500+05:45'])(
    '%s round-trips through the controls',
    (value) => {
      const parts = splitDateTime(value)!;
      expect(joinDateTime(parts.local, parts.offset)).toBe(value);
    },
  );

  it('fills in what a datetime-local input drops: zero seconds and milliseconds', () => {
    expect(joinDateTime('2024-03-01T09:30', '+11:00')).toBe('2024-03-01T09:30:00.000+11:00');
    expect(joinDateTime('2024-03-01T09:30:15.5', 'Z')).toBe('2024-03-01T09:30:15.500Z');
    expect(joinDateTime('', '+11:00')).toBe('');
  });

  it('leaves to a text box what the controls cannot hold', () => {
    expect(splitDateTime('2024-03-01T09:30:00.123456+11:00')).toBeNull();
    expect(splitDateTime('2024-03-01')).toBeNull();
    expect(splitDateTime('2024-03-01T09:30:00.000 11:00')).toBeNull();
  });

  it('offers Z and every quarter-hour offset from −12:00 to +14:00', () => {
    const list = offsets();
    expect(list[0]).toBe('Z');
    expect(list).toEqual(expect.arrayContaining(['-12:00', '-05:00', '+05:45', '+11:00', '+14:00']));
    expect(list).toHaveLength(1 + 105);
  });
});
