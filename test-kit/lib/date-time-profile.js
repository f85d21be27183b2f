// `format: date-time` as the description means it: the RFC 3339 profile that spec/vectors/date-time.json
// states (upper-case T and Z, a colon in the offset, a day that exists, a leap second only in the last
// minute of a UTC month). The calendar is JavaScript's own: proleptic Gregorian, year 0 a leap year.

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|([+-])(\d{2}):(\d{2}))$/;
const MINUTE_MS = 60_000;

/**
 * Whether `text` is a date-time of the profile.
 * @param {string} text
 * @returns {boolean}
 */
export function isProfileDateTime(text) {
  const parts = SHAPE.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number);
  const [offsetHours, offsetMinutes] = [Number(parts[9] ?? 0), Number(parts[10] ?? 0)];
  if (hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59) return false;
  // Date rolls a day that does not exist (02-30, 13-01, 04-00) over into another month or day.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  if (second < 60) return true;
  // A leap second follows 23:59:59 UTC on a month's last day: one second later, a month begins.
  const offset = (parts[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * MINUTE_MS;
  const after = new Date(date.setUTCHours(hour, minute, 59) - offset + 1000);
  return after.getUTCDate() === 1 && after.getUTCHours() === 0 && after.getUTCMinutes() === 0 && after.getUTCSeconds() === 0;
}
