// fromCreatedDate and toCreatedDate follow spec/vectors/date-time.json, the RFC 3339 profile that the
// client, the sandbox and the verifier all read: a valid value is the inclusive bound the vector's
// epochMs gives (a fraction below the millisecond rounds inward: up for the lower bound, down for the
// upper), and an invalid one is answered as the malformed date it is (500, naming the parameter).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxHttpError } from '../../src/engine/errors.js';
import { parseListQuery } from '../../src/engine/list-query.js';
import { sandboxFor, type Call } from '../helpers/sandbox.js';
import { DATE_TIME_CASES } from '../helpers/vectors.js';

let call: Call;
let stop: () => Promise<void>;
beforeAll(async () => ({ call, stop } = await sandboxFor({ payments: 5 })));
afterAll(() => stop());

const valid = DATE_TIME_CASES.filter((vector) => vector.valid);
const invalid = DATE_TIME_CASES.filter((vector) => !vector.valid);
const bounds = (value: string) =>
  parseListQuery(
    new URLSearchParams([
      ['fromCreatedDate', value],
      ['toCreatedDate', value],
    ]),
  );

describe('spec/vectors/date-time.json', () => {
  it('has valid and invalid cases to read', () => {
    expect(valid.length).toBeGreaterThan(10);
    expect(invalid.length).toBeGreaterThan(10);
  });

  it.each(valid.map((vector) => [vector.name, vector] as const))('valid: %s', async (_, vector) => {
    // epochMs is floored; a lower bound takes the next millisecond when a fraction was cut off below it.
    const cutBelowMs = /\.[0-9]{3}[0-9]*[1-9]/.test(vector.value);
    expect(bounds(vector.value)).toMatchObject({ fromMs: vector.epochMs! + (cutBelowMs ? 1 : 0), toMs: vector.epochMs });
    expect((await call(`/v2/payments?fromCreatedDate=${encodeURIComponent(vector.value)}`)).status).toBe(200);
  });

  it.each(invalid.map((vector) => [`${vector.name} (${vector.rule})`, vector] as const))('invalid: %s', async (_, vector) => {
    for (const name of ['fromCreatedDate', 'toCreatedDate']) {
      expect(() => parseListQuery(new URLSearchParams([[name, vector.value]]))).toThrow(SandboxHttpError);
      const { status, json } = await call(`/v2/payments?${name}=${encodeURIComponent(vector.value)}`);
      expect([status, json.errorCode, json.httpStatusCode]).toEqual([500, 'error', 500]);
      expect(json.message).toContain(name);
    }
  });
});

describe('the message names the rule broken', () => {
  it.each([
    ['2024-03-01T00:00:00.000+05:99', 'has an offset beyond ±23:59'],
    ['2023-02-29T00:00:00.000Z', 'names a day that does not exist'],
    ['2024-03-01T24:00:00.000Z', 'has an hour, minute or second out of range'],
    ['2024-03-15T23:59:60.000Z', 'has second 60 outside a leap second'],
    ['2024-03-01', 'is not a date-time like 2019-01-01T09:00:00.000+11:00'],
  ])('%s: %s', async (value, rule) => {
    expect((await call(`/v2/payments?fromCreatedDate=${encodeURIComponent(value)}`)).json.message).toContain(`fromCreatedDate ${rule}`);
  });
});
