import { describe, expect, it } from 'vitest';
import { ApiError, MerchantApiError, ValidationError } from '../../src/index.js';
import { clientWith } from '../helpers/client.js';
import { queryOf } from '../helpers/fake-fetch.js';

async function refusal(run: () => unknown): Promise<ValidationError> {
  let thrown: unknown;
  try {
    await run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ValidationError);
  return thrown as ValidationError;
}

describe('List Payments validation (beyond the shared vectors)', () => {
  it('ValidationError is a MerchantApiError but not an ApiError, and names the parameter and rule', async () => {
    const { client } = clientWith();
    const error = await refusal(() => client.listPayments({ limit: 300 }));
    expect(error).toBeInstanceOf(MerchantApiError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.message).toBe('limit must be an integer from 1 to 250, got 300');
  });

  it.each([
    ['NaN limit', { limit: Number.NaN }, 'limit', 'integer'],
    ['infinite offset', { offset: Number.POSITIVE_INFINITY }, 'offset', 'integer'],
    ['offset beyond int32', { offset: 2 ** 31 }, 'offset', 'maximum'],
    ['an invalid Date', { fromCreatedDate: new Date('nope') }, 'fromCreatedDate', 'format'],
    ['a number for a date', { toCreatedDate: 1_700_000_000_000 }, 'toCreatedDate', 'type'],
    ['30 February', { fromCreatedDate: '2024-02-30T00:00:00.000Z' }, 'fromCreatedDate', 'format'],
    ['month 13', { fromCreatedDate: '2024-13-01T00:00:00.000Z' }, 'fromCreatedDate', 'format'],
    ['minute 60', { fromCreatedDate: '2024-01-01T00:60:00.000Z' }, 'fromCreatedDate', 'format'],
    ['offset +25:00', { fromCreatedDate: '2024-01-01T00:00:00.000+25:00' }, 'fromCreatedDate', 'format'],
    ['lower-case z', { fromCreatedDate: '2024-01-01T00:00:00.000z' }, 'fromCreatedDate', 'format'],
    ['a lone surrogate, which encodeURIComponent cannot encode', { merchantReferences: ['a\uD800b'] }, 'merchantReferences', 'unicode'],
    ['an object for an array', { ids: { 0: 'a' } }, 'ids', 'type'],
    ['orderBy as a number', { orderBy: 1 }, 'orderBy', 'type'],
    ['a query that is not an object', 'limit=10', 'query', 'type'],
  ])('refuses %s', async (_, query, param, rule) => {
    const { client, fetch } = clientWith();
    const error = await refusal(() => client.listPayments(query as never));
    expect({ param: error.param, rule: error.rule }).toEqual({ param, rule });
    expect(fetch.requests).toHaveLength(0);
  });

  it('a comma inside an array value is refused with the reason: the service reads it as a separator and answers 500', async () => {
    const { client, fetch } = clientWith();
    const error = await refusal(() => client.listPayments({ ids: ['1', '2,3'] }));
    expect({ param: error.param, rule: error.rule }).toEqual({ param: 'ids', rule: 'comma' });
    expect(error.message).toBe('ids must be free of commas (the service splits at them and answers 500)');
    expect(fetch.requests).toHaveLength(0);
  });

  it('a Date is sent as UTC with milliseconds, a string keeps its own offset', async () => {
    const { client, fetch } = clientWith();
    await client.listPayments({ fromCreatedDate: new Date(Date.UTC(2024, 0, 31, 22, 0, 0, 5)), toCreatedDate: '2024-02-01T09:00:00.010+11:00' });
    const sent = new URLSearchParams(queryOf(fetch.requests[0]!));
    expect(sent.get('fromCreatedDate')).toBe('2024-01-31T22:00:00.005Z');
    expect(sent.get('toCreatedDate')).toBe('2024-02-01T09:00:00.010+11:00');
  });

  it('compares from and to as instants, so equal instants in different offsets pass', async () => {
    const { client, fetch } = clientWith();
    await client.listPayments({ fromCreatedDate: '2024-01-01T10:00:00.000+01:00', toCreatedDate: '2024-01-01T09:00:00.000Z' });
    expect(fetch.requests).toHaveLength(1);
  });

  it('iteratePayments validates when called, before any request', () => {
    const { client, fetch } = clientWith();
    expect(() => client.iteratePayments({ limit: 0 })).toThrow(ValidationError);
    expect(fetch.requests).toHaveLength(0);
  });

  it('getConfiguration refuses unknown options and empty include lists', async () => {
    const { client, fetch } = clientWith();
    expect((await refusal(() => client.getConfiguration({ includes: ['publicid'] } as never))).rule).toBe('unknown');
    expect((await refusal(() => client.getConfiguration({ include: [] }))).rule).toBe('minItems');
    expect(fetch.requests).toHaveLength(0);
  });

  it('leaves undefined values out', async () => {
    const { client, fetch } = clientWith();
    await client.listPayments({ limit: undefined, ids: undefined, ascending: true });
    expect(queryOf(fetch.requests[0]!)).toBe('ascending=true');
  });
});
