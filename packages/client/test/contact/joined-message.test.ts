// buildContact's ValidationError names every problem in its message, one after another.
import { describe, expect, it } from 'vitest';
import { buildContact } from '../../src/contact.js';
import { ValidationError } from '../../src/index.js';

describe('buildContact with several problems', () => {
  it('joins every message with "; ", and lists each problem', () => {
    let thrown: unknown;
    try {
      buildContact({ countryCode: 'GB', name: 123 as never });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    const error = thrown as ValidationError;
    expect(error.message).toBe(
      'name must be a string; line1 is required; area1 is required; region is required; postcode is required; countryCode must not be GB: write the United Kingdom as UK',
    );
    expect(error).toMatchObject({ param: 'name', rule: 'type' });
    expect(error.problems).toHaveLength(6);
  });
});
