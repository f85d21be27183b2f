// Each error class names itself (a logged or serialised error keeps its name), and a body that is not
// JSON is excerpted to at most 200 characters, with an ellipsis only when something was cut.
import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, MerchantApiError, PaginationError, ResponseTooLargeError } from '../../src/index.js';

describe('error names', () => {
  // Built inside each test: mutation testing counts only what a test's own body runs.
  it.each([
    ['MerchantApiError', () => new MerchantApiError('x')],
    ['ConnectionError', () => new ConnectionError('x')],
    ['ResponseTooLargeError', () => new ResponseTooLargeError(5)],
    ['PaginationError', () => new PaginationError('x')],
  ])('%s', (name, build) => {
    const error = build();
    expect(error.name).toBe(name);
    expect(String(error)).toBe(`${name}: ${error.message}`);
  });

  it('ResponseTooLargeError says the limit', () => {
    expect(new ResponseTooLargeError(1024)).toMatchObject({
      message: 'the response body is larger than maxResponseBytes (1024 bytes)',
      maxResponseBytes: 1024,
    });
  });
});

describe('the excerpt of a body that is not JSON', () => {
  it('is the whole text at exactly 200 characters, without an ellipsis', () => {
    const text = 'a'.repeat(200);
    expect(new ApiError(502, `<p>${text}</p>`)).toMatchObject({ bodyExcerpt: text, message: `HTTP 502: ${text}` });
  });

  it('is cut at 200 characters, with an ellipsis, past that', () => {
    const text = 'a'.repeat(201);
    expect(new ApiError(502, text).bodyExcerpt).toBe(`${'a'.repeat(200)}…`);
  });
});
