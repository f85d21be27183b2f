// Small checks shared by option and query validation. A failure throws a ValidationError naming the
// parameter and the rule, with one message shape: "<param> must be <expectation>[, got <value>]".
import { ValidationError } from './errors.js';

export function fail(param: string, rule: string, expected: string, ...got: [unknown?]): never {
  throw new ValidationError(param, rule, `${param} must be ${expected}${got.length ? `, got ${describe(got[0])}` : ''}`);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Unknown keys are refused: a misspelt option or filter would otherwise be ignored silently. */
export function rejectUnknown(record: object, known: readonly string[], prefix = ''): void {
  for (const key of Object.keys(record)) {
    if (!known.includes(key)) fail(prefix + key, 'unknown', `left out: the known keys are ${known.join(', ')}`);
  }
}

export function integerIn(value: unknown, param: string, min: number, max: number): number {
  const rule =
    typeof value !== 'number' ? 'type' : !Number.isInteger(value) ? 'integer' : value < min ? 'minimum' : value > max ? 'maximum' : '';
  if (rule) fail(param, rule, `an integer from ${min} to ${max}`, value);
  return value as number;
}

/** A required, non-blank, well-formed string. The value is never echoed: this also checks the secret key. */
export function nonEmptyString(value: unknown, param: string): string {
  if (typeof value !== 'string' && value !== undefined) fail(param, 'type', 'a string');
  if (!value?.trim()) fail(param, 'required', 'given, and not blank');
  // A lone surrogate would be silently replaced by UTF-8 encoding (and breaks encodeURIComponent).
  if (/\p{Cs}/u.test(value)) fail(param, 'unicode', 'well-formed Unicode');
  return value;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value).slice(0, 60) : Array.isArray(value) ? 'an array' : String(value);
}
