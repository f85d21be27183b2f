// spec/vectors/date-time.json: the RFC 3339 profile that the client, the sandbox and the verifier all
// read, so the three agree. Every valid value goes out (with `.000` inserted when it has no fraction),
// naming the instant the file gives; every invalid one is refused before anything is sent.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { instantOf } from '../../src/validate.js';
import { clientWith } from '../helpers/client.js';
import { queryOf } from '../helpers/fake-fetch.js';
import { readVectors } from '../helpers/vectors.js';

const { cases } = readVectors('date-time.json');
const valid = cases.filter((c) => c.valid);
const invalid = cases.filter((c) => !c.valid);
const PARAMS = ['fromCreatedDate', 'toCreatedDate'] as const;

describe('date-time values (spec/vectors/date-time.json)', () => {
  it('covers leap seconds, year 0000, the widest offsets and every kind of refusal', () => {
    expect(valid.some((c) => c.value.includes(':60'))).toBe(true);
    expect(valid.some((c) => c.value.startsWith('0000-'))).toBe(true);
    expect(valid.some((c) => c.value.endsWith('+23:59'))).toBe(true);
    expect(valid.some((c) => c.documentedForm === false)).toBe(true);
    expect(new Set(invalid.map((c) => c.rule))).toEqual(new Set(['form', 'calendar', 'time', 'leapSecond', 'offset']));
  });

  describe.each(PARAMS)('%s', (param) => {
    it.each(valid)('sends $value ($name)', async ({ value, documentedForm }) => {
      const { client, fetch } = clientWith();
      await client.listPayments({ [param]: value });
      const sent = new URLSearchParams(queryOf(fetch.requests[0]!)).get(param);
      expect(sent).toBe(documentedForm ? value : value.replace(/(:\d\d)(?=[Z+-])/, '$1.000'));
    });

    it.each(invalid)('refuses $value ($name, $rule) with rule format, before sending', async ({ value }) => {
      const { client, fetch } = clientWith();
      const error = await client.listPayments({ [param]: value }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ param, rule: 'format' });
      expect(fetch.requests).toHaveLength(0);
    });
  });

  it.each(valid)('$value names the instant the file gives', ({ value, epochMs }) => {
    expect(instantOf(value)).toBe(epochMs);
  });

  it('the range check compares instants, leap seconds included', async () => {
    const { client, fetch } = clientWith();
    await client.listPayments({ fromCreatedDate: '2016-12-31T23:59:59.999Z', toCreatedDate: '2016-12-31T23:59:60.000Z' });
    expect(fetch.requests).toHaveLength(1);
    const error = await client
      .listPayments({ fromCreatedDate: '2016-12-31T23:59:60.500Z', toCreatedDate: '2016-12-31T23:59:60.000Z' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ param: 'fromCreatedDate', rule: 'dateRange' });
  });
});
