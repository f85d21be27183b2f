// An ApiError made from a body that is neither text nor a JSON object (nothing at all, a number): its
// message says what the status was and that the body was empty, or quotes the value; never a
// placeholder and never an exception of its own.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.js';

describe('an ApiError from a body that is not text', () => {
  it('with no body at all, says the body was empty', () => {
    const error = new ApiError(502, undefined);
    expect(error.message).toBe('HTTP 502 with an empty body');
    expect(error.bodyExcerpt).toBe('');
  });

  it('with a JSON value that is not an object, quotes it', () => {
    const error = new ApiError(500, 42);
    expect(error.message).toBe('HTTP 500: 42');
    expect(error.bodyExcerpt).toBe('42');
  });
});
