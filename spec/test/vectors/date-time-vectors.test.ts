// vectors/date-time.json is what the client, the sandbox and the verifier each read to agree on
// date-times. These checks keep the file itself right, against implementations that are not ours:
// V8's ISO date parser for the instants, and the description's own pattern for the documented form.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../support/load-bundle';
import { specDir } from '../support/paths';
import type { DateTimeCase } from '../../vectors/index.js';

const { cases } = JSON.parse(readFileSync(resolve(specDir, 'vectors/date-time.json'), 'utf8')) as { cases: DateTimeCase[] };
const valid = cases.filter((c) => c.valid);
const invalid = cases.filter((c) => !c.valid);
const documentedPattern = new RegExp(loadBundle().components.schemas.QueryDateTime.pattern);

describe('vectors/date-time.json', () => {
  it('has unique names and values, valid and invalid cases, and every rule', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    expect(new Set(cases.map((c) => c.value)).size).toBe(cases.length);
    expect(new Set(invalid.map((c) => c.rule))).toEqual(new Set(['form', 'calendar', 'time', 'leapSecond', 'offset']));
  });

  it.each(valid.map((c) => [c.name, c] as const))('%s: epochMs is the instant V8 parses (a leap second as the millisecond after :59.999)', (_, c) => {
    const leap = /:60(?=[.Z+-])/.test(c.value);
    // V8 reads at most milliseconds; a longer fraction is floored to them first.
    const text = c.value.replace(/:60(?=[.Z+-])/, ':59').replace(/(\.\d{3})\d+/, '$1');
    const parsed = Date.parse(text);
    expect(Number.isNaN(parsed)).toBe(false);
    const expected = leap ? Math.floor(parsed / 1000) * 1000 + 1000 : parsed;
    expect(c.epochMs).toBe(expected);
  });

  it.each(valid.map((c) => [c.name, c] as const))("%s: documentedForm is whether the description's QueryDateTime pattern matches", (_, c) => {
    expect(documentedPattern.test(c.value)).toBe(c.documentedForm);
  });

  it('a leap second is valid only at 23:59:60 UTC on the last day of a month', () => {
    for (const c of cases.filter((x) => /:60(?=[.Z+-])/.test(x.value))) {
      const utc = new Date(Date.parse(c.value.replace(/:60(?=[.Z+-])/, ':59')));
      const lastDayOfMonth = new Date(Date.UTC(utc.getUTCFullYear(), utc.getUTCMonth() + 1, 0)).getUTCDate() === utc.getUTCDate();
      expect({ name: c.name, valid: c.valid }).toEqual({ name: c.name, valid: utc.getUTCHours() === 23 && utc.getUTCMinutes() === 59 && lastDayOfMonth });
    }
  });
});
