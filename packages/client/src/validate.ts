// One checker for createClient's options and the query parameters, driven by rules: the query rules
// generated from the spec, and the options' rules in options.ts. A failure throws a ValidationError
// naming the parameter and the rule, with one message shape: "<param> must be <expectation>[, got <value>]".
import { ValidationError } from './errors.js';

/**
 * JSON Schema's keywords, as far as the client needs them. A `string` is text that is not empty (not
 * blank when `required`), well-formed, and matches `pattern` (described by `hint`); an `array` holds such
 * strings, each in `enum` when given. `required` is set on the property itself.
 */
export interface Rule {
  readonly type?: 'object' | 'string' | 'integer' | 'boolean' | 'function' | 'array' | 'signal';
  readonly required?: boolean;
  readonly properties?: Readonly<Record<string, Rule>>;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
  readonly format?: string;
  readonly pattern?: RegExp;
  readonly hint?: string;
}

/**
 * The document's date-time, a profile of RFC 3339 (spec/vectors/date-time.json): date, `T`, time,
 * fraction, and `Z` or `±hh:mm`. The fraction may be missing, as the service accepts it (the official
 * SDK sends `gmdate('c')`); dateTime() then inserts `.000`, the documented form.
 */
const DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?(?:Z|([+-])(\d\d):(\d\d))$/;

/**
 * The instant `text` names, in milliseconds since the epoch (floored; a leap second counts as the
 * millisecond after :59.999), or NaN when it names none: no such day (leap years by the Gregorian rule,
 * year 0000 included), an hour, minute or offset out of range, or second 60 anywhere but 23:59:60 UTC
 * on a month's last day (RFC 3339, 5.7). Date.parse would refuse leap seconds and accept 30 February.
 */
export function instantOf(text: string): number {
  // The range check reads again the two dates just checked: the last two answers are kept.
  if (text === recent[0]) return recent[1];
  if (text === recent[2]) return recent[3];
  const ms = readInstant(text);
  recent = [text, ms, recent[0], recent[1]];
  return ms;
}
let recent: [string, number, string, number] = ['', NaN, '', NaN];

function readInstant(text: string): number {
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours = 0, offsetMinutes = 0] = DATE_TIME.exec(text) ?? [];
  const leap = second === '60';
  // Date.UTC reads years 0 to 99 as 19xx; 400 years later the Gregorian calendar repeats to the day.
  const local = Date.UTC(+year! + 400, +month! - 1, +day!, +hour!, +minute!, leap ? 59 : +second!) - 12_622_780_800_000;
  // A field out of range rolls over into the next one: the date and time must read back as written.
  if (!year || +offsetHours > 23 || +offsetMinutes > 59 || new Date(local).toISOString().slice(4, 19) !== `${text.slice(4, 17)}${leap ? 59 : second}`)
    return NaN;
  const ms = local + (leap ? 1000 : 0) - (sign === '-' ? -60_000 : 60_000) * (+offsetHours * 60 + +offsetMinutes) + +fraction.slice(1, 4).padEnd(3, '0');
  return !leap || new Date(ms).toISOString().slice(-16, -5) === '01T00:00:00' ? ms : NaN;
}

export function fail(param: string, rule: string, expected: string, ...got: [unknown?]): never {
  // An object is named by its type: String() says nothing useful of it, and throws without a prototype.
  const value = typeof got[0] === 'string' ? JSON.stringify(got[0]) : got[0] && typeof got[0] === 'object' ? 'an object' : String(got[0]);
  throw new ValidationError(
    param,
    rule,
    `${param} ${rule === 'unknown' ? 'is unknown: use' : 'must be'} ${expected}${got.length ? `, got ${value.slice(0, 60)}` : ''}`,
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks `value` against `rule` and returns it normalised: a Date as its ISO string, one string as an array. */
export function check(value: unknown, param: string, rule: Rule): unknown {
  const { type, minimum = 0, maximum = 0 } = rule;
  if (value === undefined) return rule.required ? fail(param, 'required', 'given') : value;
  if (type === 'object') return checkObject(value, param, rule.properties!, `${param}.`);
  if (type === 'string') return rule.format === 'date-time' ? dateTime(value, param) : string(value, param, rule);
  if (type === 'array') {
    // A copy: a walk keeps the query, and the caller may change their array meanwhile.
    const list = Array.isArray(value) ? value.slice() : [value];
    // An empty list would send no filter at all and so match everything: refuse it rather than guess.
    if (!list.length) fail(param, 'minItems', 'a non-empty array (leave it out to match everything)');
    // Even percent-encoded, the service splits a value at a comma and answers 500.
    for (const item of list) if (string(item, param, rule).includes(',')) fail(param, 'comma', 'free of commas (the service splits at them and answers 500)');
    return list;
  }
  if (type === 'integer') {
    const broken = typeof value !== 'number' ? 'type' : !Number.isInteger(value) ? 'integer' : value < minimum ? 'minimum' : value > maximum ? 'maximum' : '';
    if (broken) fail(param, broken, `an integer from ${minimum} to ${maximum}`, value);
  } else if (type === 'signal' ? !(value instanceof AbortSignal) : type && typeof value !== type) {
    fail(param, 'type', type === 'signal' ? 'an AbortSignal' : `a ${type}`); // boolean, function, signal
  }
  return value;
}

/**
 * What checkObject returns: a record whose reads never reach Object.prototype, so a property another
 * library set there is never read back as a checked one. Unlike Object.create(null), whose objects V8
 * keeps in slow dictionary mode, its instances are ordinary fast objects.
 */
class Checked {
  [key: string]: unknown;
}
Object.setPrototypeOf(Checked.prototype, null);

/**
 * The object's properties, checked, in the rules' order (the spec's order for a query), undefined ones
 * left out. Unknown keys are refused: a misspelt option or filter would otherwise be ignored silently.
 */
export function checkObject<T = Record<string, unknown>>(value: unknown, param: string, properties: Readonly<Record<string, Rule>>, prefix = ''): T {
  if (!isRecord(value)) fail(param, 'type', 'an object');
  const known = Object.keys(properties);
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(properties, key)) fail(prefix + key, 'unknown', `one of ${known.join(', ')}`);
  }
  const out = new Checked();
  for (const key of known) {
    // Own properties only: an inherited or polluted Object.prototype property is not an option or a filter.
    const checked = check(Object.hasOwn(value, key) ? value[key] : undefined, prefix + key, properties[key]!);
    if (checked !== undefined) out[key] = checked;
  }
  return out as T;
}

/** The value is never echoed unless it is one of `enum`: this also checks the secret key. */
function string(value: unknown, param: string, { required, maxLength = Infinity, pattern, hint, enum: allowed }: Rule): string {
  if (allowed) {
    if (!allowed.includes(value as string)) fail(param, typeof value === 'string' ? 'enum' : 'type', `one of ${allowed.join(', ')}`, value);
  } else if (typeof value !== 'string') {
    fail(param, 'type', 'a string');
  } else if (required ? !value.trim() : !value) {
    fail(param, required ? 'required' : 'minLength', 'not empty or blank');
  } else if (value.length > maxLength) {
    fail(param, 'maxLength', `at most ${maxLength} characters long`);
  } else if (/[\uD800-\uDFFF]/.test(value) && /\p{Cs}/u.test(value)) {
    // A lone UTF-16 surrogate would be silently replaced by UTF-8 encoding, and makes encodeURIComponent throw.
    fail(param, 'unicode', 'well-formed Unicode');
  } else if (pattern && !pattern.test(value)) {
    fail(param, 'format', hint!);
  }
  return value as string;
}

/**
 * A Date becomes its UTC ISO form; a string must be a real date-time and is kept as given, its offset
 * included, with `.000` inserted when it has no fractional seconds.
 */
function dateTime(value: unknown, param: string): string {
  const text = value instanceof Date ? (isNaN(+value) ? 'Invalid Date' : value.toISOString()) : value;
  if (typeof text !== 'string') fail(param, 'type', 'a string or a Date');
  if (isNaN(instantOf(text))) fail(param, 'format', 'a date-time like 2024-01-31T09:00:00.000+11:00', text);
  // A valid date-time has its fraction's point, or else the zone, right after the seconds.
  return text[19] === '.' ? text : `${text.slice(0, 19)}.000${text.slice(19)}`;
}
