// A date-time with its offset, as the API takes it (`2024-03-01T00:00:00.000+11:00`), split for the
// form's two controls (a datetime-local input and an offset list) and joined again.

export interface DateTimeParts {
  /** `YYYY-MM-DDTHH:mm:ss.SSS`, as a datetime-local input with step 0.001 takes it. */
  local: string;
  /** `Z` or `±hh:mm`. */
  offset: string;
}

const FORM = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})$/;

/** The parts of `value`, or null when the two controls cannot hold it (then the form shows it as text). */
export function splitDateTime(value: string): DateTimeParts | null {
  const match = FORM.exec(value);
  if (!match) return null;
  const [, minutes, seconds = '00', fraction = '000', offset = 'Z'] = match;
  return { local: `${minutes}:${seconds}.${fraction.padEnd(3, '0')}`, offset };
}

/**
 * The value the API takes, from a datetime-local input's value (which drops zero seconds and
 * fractions: `2024-03-01T00:00`) and an offset; '' when no date is picked.
 */
export function joinDateTime(local: string, offset: string): string {
  if (!local) return '';
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(local);
  if (!match) return '';
  const [, minutes, seconds = '00', fraction = '000'] = match;
  return `${minutes}:${seconds}.${fraction.padEnd(3, '0')}${offset}`;
}

/** Z, then every offset in use, −12:00 to +14:00 in quarter hours. */
export function offsets(): string[] {
  const list = ['Z'];
  for (let quarter = -48; quarter <= 56; quarter++) {
    const minutes = Math.abs(quarter) * 15;
    const sign = quarter < 0 ? '-' : '+';
    list.push(`${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return list;
}
