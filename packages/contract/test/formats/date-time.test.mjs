// `format: date-time` in responses, against the shared vectors (spec/vectors/date-time.json): the RFC
// 3339 profile the client and the sandbox read too, so the three agree on every case.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDateTime } from '../../lib/date-time-format.js';
import { vectorsDir } from '../../lib/spec-package.js';
import { validator } from '../helpers/spec.mjs';

const { cases } = JSON.parse(readFileSync(join(vectorsDir, 'date-time.json'), 'utf8'));
// A response field declared `format: date-time` in the description.
const CREATED = '#/components/schemas/Payment/properties/created';

describe('date-time vectors', () => {
  it('are all here: valid and invalid cases, every rule', () => {
    expect(cases.length).toBeGreaterThanOrEqual(47);
    expect(new Set(cases.filter((testCase) => !testCase.valid).map((testCase) => testCase.rule))).toEqual(
      new Set(['form', 'calendar', 'time', 'leapSecond', 'offset']),
    );
  });

  it.each(cases.map((testCase) => [testCase.name, testCase]))('%s', (_, { value, valid }) => {
    expect(isDateTime(value), value).toBe(valid);
    const { errors } = validator.validate(CREATED, value);
    expect(errors.map((error) => `${error.message} ${error.schemaPath}`)).toEqual(valid ? [] : [`must match format "date-time" ${CREATED}/format`]);
  });
});
