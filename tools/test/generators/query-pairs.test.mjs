// How the generator matrix compares what a client sent with the documented query: decoded as the service
// decodes, name by name, repeated values in order; the order between names and the way a space is
// written are free.
import { describe, expect, it } from 'vitest';
import { comparePairs, decodePairs, queryDefaults } from '../../generators/query-pairs.mjs';

const documented = 'fromCreatedDate=2019-01-01T09%3A00%3A00.000%2B11%3A00&merchantReferences=order%201%262&statuses=APPROVED&statuses=DECLINED';

describe('decoded query pairs', () => {
  it('decode as the service does: + and %20 are spaces, %2B is a plus', () => {
    expect(decodePairs('a=x+y&b=x%20y&c=x%2By')).toEqual([
      ['a', 'x y'],
      ['b', 'x y'],
      ['c', 'x+y'],
    ]);
  });

  it('the same pairs in another order of names, with a space as +, are the same', () => {
    expect(
      comparePairs('statuses=APPROVED&merchantReferences=order+1%262&statuses=DECLINED&fromCreatedDate=2019-01-01T09:00:00.000%2B11:00', documented),
    ).toEqual({ same: true, difference: '', defaultsSent: [] });
  });

  it('a raw + in the date (read as a space) differs', () => {
    expect(comparePairs(documented.replace('%2B11', '+11'), documented)).toMatchObject({
      same: false,
      difference: 'fromCreatedDate: sent ["2019-01-01T09:00:00.000 11:00"], expected ["2019-01-01T09:00:00.000+11:00"]',
    });
  });

  it('a parameter sent with its schema default, which the service applies anyway, reads as left out (and is listed)', () => {
    expect(comparePairs(`${documented}&limit=20&orderBy=createdAt`, documented, { limit: '20', orderBy: 'createdAt' })).toEqual({
      same: true,
      difference: '',
      defaultsSent: ['limit=20', 'orderBy=createdAt'],
    });
    expect(comparePairs(`${documented}&limit=21`, documented, { limit: '20' }).same).toBe(false);
    expect(comparePairs(documented.replace('statuses=DECLINED', 'statuses=DECLINED&statuses=X'), documented, { statuses: 'X' }).same).toBe(false);
  });

  it("reads the defaults of each path's query parameters from a bundle, following $refs", () => {
    const bundle = {
      paths: { '/v2/payments': { get: { parameters: [{ $ref: '#/components/parameters/Limit' }, { name: 'ids', in: 'query', schema: { type: 'array' } }] } } },
      components: { parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', default: 20 } } } },
    };
    expect(queryDefaults(bundle)).toEqual({ '/v2/payments': { limit: '20' } });
  });

  it('repeated values in another order differ', () => {
    expect(comparePairs(documented.replace('statuses=APPROVED&statuses=DECLINED', 'statuses=DECLINED&statuses=APPROVED'), documented).same).toBe(false);
  });

  it('a comma-joined array, brackets, a lost value or an extra parameter differ', () => {
    for (const sent of [
      documented.replace('statuses=APPROVED&statuses=DECLINED', 'statuses=APPROVED%2CDECLINED'),
      documented.replace('statuses=APPROVED&statuses=DECLINED', 'statuses%5B%5D=APPROVED&statuses%5B%5D=DECLINED'),
      documented.replace('&statuses=DECLINED', ''),
      `${documented}&limit=20`,
    ]) {
      expect(comparePairs(sent, documented).same, sent).toBe(false);
    }
  });
});
