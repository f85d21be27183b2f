// Date-times as the API takes them: a profile of RFC 3339 (spec/vectors/date-time.json states it in
// full). Years 0000 to 9999 on the proleptic Gregorian calendar (year 0000 is a leap year), offsets up
// to ±23:59, and second 60 only for a leap second: 23:59:60 UTC on the last day of a month. Days are
// counted with integer arithmetic, not Date.UTC, which reads years 0 to 99 as 1900 to 1999.

/** The rule a date-time breaks, as spec/vectors/date-time.json names them. */
export type DateTimeRule = 'form' | 'calendar' | 'time' | 'leapSecond' | 'offset';

export interface DateTime {
  /** The instant in ms since the epoch, floored; a leap second is the millisecond after 23:59:59.999. */
  epochMs: number;
  /** Whether a fraction was cut off below the millisecond (so that a lower bound can round up). */
  belowMs: boolean;
}

const FORM = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?(Z|[+-][0-9]{2}:[0-9]{2})$/;
const MS_PER_DAY = 86_400_000;

/** The instant a date-time names, or the rule it breaks. */
export function parseDateTime(text: string): DateTime | { broken: DateTimeRule } {
  const match = FORM.exec(text);
  if (!match) return { broken: 'form' };
  const [, y, mo, d, h, mi, s, fraction = '', zone = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { broken: 'calendar' };
  if (hour > 23 || minute > 59 || second > 60) return { broken: 'time' };
  const offsetHours = zone === 'Z' ? 0 : Number(zone.slice(1, 3));
  const offsetMinutes = zone === 'Z' ? 0 : Number(zone.slice(4, 6));
  if (offsetHours > 23 || offsetMinutes > 59) return { broken: 'offset' };

  const offsetMs = (zone[0] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  const minuteMs = daysFromCivil(year, month, day) * MS_PER_DAY + (hour * 60 + minute) * 60_000 - offsetMs;
  if (second === 60) {
    // The minute it ends must be 23:59 UTC on the last day of a UTC month; it counts as the next one's start.
    const next = minuteMs + 60_000;
    if (new Date(next).getUTCDate() !== 1 || next % MS_PER_DAY !== 0) return { broken: 'leapSecond' };
    return { epochMs: next, belowMs: false };
  }
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'));
  return { epochMs: minuteMs + second * 1000 + ms, belowMs: /[1-9]/.test(fraction.slice(3)) };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// Days since 1970-01-01 on the proleptic Gregorian calendar (after Howard Hinnant's days_from_civil:
// eras of 400 years, each year starting on 1 March so that the leap day comes last).
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
