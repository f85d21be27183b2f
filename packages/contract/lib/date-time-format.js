// `format: date-time`, as the description means it: the RFC 3339 profile of spec/vectors/date-time.json,
// which the client and the sandbox read too. Upper-case T and Z, a four-digit year 0000 to 9999 with
// Gregorian leap years (0000 is one, as in ISO 8601), hours to 23, minutes to 59, an optional fraction,
// and an offset of at most 23:59. Second 60 is a leap second, which RFC 3339 allows only in the last
// minute of a UTC month: 23:59:60 in UTC, once the offset is applied, on a month's last day.

const FORM = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:Z|([+-])([0-9]{2}):([0-9]{2}))$/;
const MINUTES_A_DAY = 24 * 60;

/** Whether `text` is a date-time of the profile. */
/** @param {string} text */
export function isDateTime(text) {
  const match = FORM.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const [sign, offsetHours = 0, offsetMinutes = 0] = [match[7], Number(match[8] ?? 0), Number(match[9] ?? 0)];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59) return false;
  if (second < 60) return true;
  const offset = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return isLastMinuteOfUtcMonth(year, month, day, hour * 60 + minute - offset);
}

/**
 * @param {number} year
 * @param {number} month
 */
function daysIn(year, month) {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// The offset is under a day, so the UTC minute falls on the local day, the day before or the day after.
/**
 * @param {number} year
 * @param {number} month
 * @param {number} day
 * @param {number} utcMinute
 */
function isLastMinuteOfUtcMonth(year, month, day, utcMinute) {
  if (utcMinute < 0) {
    if (day > 1) return false; // the day before is not a month's last day unless this is the 1st
    return utcMinute + MINUTES_A_DAY === MINUTES_A_DAY - 1;
  }
  if (utcMinute >= MINUTES_A_DAY) return false; // the day after ends no month at 23:59 of this day
  return utcMinute === MINUTES_A_DAY - 1 && day === daysIn(year, month);
}
