// Every failure's one line and exit code, for each kind a command can throw: an interruption, an API
// error with and without its errorCode and errorId, an error that is not ours; and the client's
// parameter names replaced by the flags they came from, whole words only, the longest first.
import { AbortError, ApiError } from '@merchant-ordering/client';
import { describe, expect, it } from 'vitest';
import { apiLine, describeFailure, Interrupted, renameParams } from '../../src/errors.js';

describe('describeFailure', () => {
  it('an interruption is exit 130, with its own line or "interrupted"', () => {
    const interrupted = new Interrupted('interrupted; 300 payments are saved');
    expect(interrupted.name).toBe('Interrupted');
    expect(describeFailure(interrupted, {})).toEqual({ line: 'interrupted; 300 payments are saved', code: 130 });
    expect(describeFailure(new AbortError('aborted by the caller'), {})).toEqual({ line: 'interrupted', code: 130 });
  });

  it('anything else is exit 1, "unexpected error", on one line', () => {
    expect(describeFailure(new TypeError('x is\nnot a function'), {})).toEqual({ line: 'unexpected error: x is not a function', code: 1 });
    expect(describeFailure('a string', {})).toEqual({ line: 'unexpected error: a string', code: 1 });
  });
});

describe('apiLine', () => {
  it('names the status, errorCode and errorId, or says they are missing', () => {
    const full = new ApiError(422, { errorCode: 'invalid_object', errorId: 'abc123', message: 'limit: must be\nan integer', httpStatusCode: 422 });
    expect(apiLine(full)).toBe('422 invalid_object (errorId abc123): limit: must be an integer');
    expect(apiLine(new ApiError(502, { message: 'bad gateway' }))).toBe('502 no errorCode (no errorId): bad gateway');
  });
});

describe('renameParams', () => {
  it('replaces whole names only, the longer of two that share a start first', () => {
    const sources = { limit: '--limit', offset: '--offset', toCreatedDate: '--to', to: 'TO' };
    expect(renameParams('limit must be at most 250; offset too; toCreatedDate is late; to is short; limits stay', sources)).toBe(
      '--limit must be at most 250; --offset too; --to is late; TO is short; limits stay',
    );
  });

  it('quotes what a name holds for the pattern, and tries a dotted name before its first part', () => {
    expect(renameParams('a.b and a+b and axb and a', { a: 'A', 'a.b': 'X', 'a+b': 'Y' })).toBe('X and Y and axb and A');
  });

  it('with no sources, only makes the message one line', () => {
    expect(renameParams('limit\n must be', {})).toBe('limit must be');
  });
});
