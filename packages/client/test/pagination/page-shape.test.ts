// readPage, the one check of a page's shape: a body that is JSON but not an object (null, a number)
// is refused with the same plain reason as a page without results, not a TypeError of our own.
import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/pagination.js';

describe('a page that is not an object', () => {
  it.each(['null', '7', '"text"'])('%s: results is not an array', (text) => {
    expect(() => readPage(text)).toThrow(new Error('results is not an array'));
  });

  it('an object with results but no totalResults names the missing total', () => {
    expect(() => readPage('{"results":[]}')).toThrow(new Error('totalResults is undefined, not a whole number from 0'));
  });
});
