// The ValidationErrors of the two query checks, whole: the parameter, the rule and a message that says
// what would be accepted.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { normaliseConfigurationQuery, normaliseListPaymentsQuery } from '../../src/query.js';

const caught = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

describe('query errors', () => {
  it('a date range that ends before it starts names fromCreatedDate, dateRange and the end date (normalised)', () => {
    const error = caught(() => normaliseListPaymentsQuery({ fromCreatedDate: '2024-02-01T00:00:00Z', toCreatedDate: '2024-01-01T00:00:00Z' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      param: 'fromCreatedDate',
      rule: 'dateRange',
      message: 'fromCreatedDate must be no later than toCreatedDate 2024-01-01T00:00:00.000Z, got "2024-02-01T00:00:00.000Z"',
    });
  });

  it('Get Configuration options that are not an object are named as the options', () => {
    const error = caught(() => normaliseConfigurationQuery('all'));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ param: 'options', rule: 'type' });
    expect((error as Error).message).toMatch(/^options must be /);
  });
});
