// The spec package's language-neutral vectors (spec/vectors), as the sandbox's tests read them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface DateTimeCase {
  name: string;
  value: string;
  valid: boolean;
  /** Valid cases: the instant, floored to the millisecond. */
  epochMs?: number;
  /** Invalid cases: form, calendar, time, leapSecond or offset. */
  rule?: string;
}

const vectors = (file: string) => JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`@merchant-ordering/spec/vectors/${file}`), 'utf8'));

export const DATE_TIME_CASES: DateTimeCase[] = vectors('date-time.json').cases;
