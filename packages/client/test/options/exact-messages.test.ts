// Every refusal reads "<param> must be <expectation>[, got <value>]" (validate.ts): the exact message is
// part of what a caller sees, so each rule's wording is pinned here, not only its param and rule.
import { describe, expect, it } from 'vitest';
import { type ClientOptions, createClient, ValidationError } from '../../src/index.js';
import { isBrowserLike, resolveOptions } from '../../src/options.js';
import { CREDENTIALS, clientWith } from '../helpers/client.js';

const valid = { ...CREDENTIALS, environment: 'sandbox' } as const;

function thrownBy(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('nothing was thrown');
}

async function refusal(run: () => Promise<unknown>): Promise<ValidationError> {
  const error = await run().then(
    () => new Error('accepted'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('the query is refused with its exact message, before anything is sent', () => {
  it.each([
    ['a query that is not an object', 'limit=10', 'query must be an object'],
    ['an object for an integer', { limit: {} }, 'limit must be an integer from 1 to 250, got an object'],
    ['an empty array', { ids: [] }, 'ids must be a non-empty array (leave it out to match everything)'],
    ['a number in an array of strings', { ids: [1] }, 'ids must be a string'],
    ['an empty string in an array', { tokens: [''] }, 'tokens must be not empty or blank'],
    ['a lone surrogate', { merchantReferences: ['a\uD800b'] }, 'merchantReferences must be well-formed Unicode'],
    ['a string for a boolean', { ascending: 'yes' }, 'ascending must be a boolean'],
    ['a number for a date', { toCreatedDate: 1_700_000_000_000 }, 'toCreatedDate must be a string or a Date'],
    [
      'an invalid Date, named as such',
      { fromCreatedDate: new Date('nope') },
      'fromCreatedDate must be a date-time like 2024-01-31T09:00:00.000+11:00, got "Invalid Date"',
    ],
    [
      'an unknown orderBy, with the values allowed',
      { orderBy: 'amount' },
      'orderBy must be one of createdAt, id, totalAmount, merchantReference, email, got "amount"',
    ],
  ])('%s', async (_, query, message) => {
    const { client, fetch } = clientWith();
    const error = await refusal(() => client.listPayments(query as never));
    expect(error.message).toBe(message);
    expect(fetch.requests).toHaveLength(0);
  });

  it('echoes at most 60 characters of the value it refuses', async () => {
    const { client } = clientWith();
    const long = `"${'a'.repeat(100)}"`;
    const error = await refusal(() => client.listPayments({ orderBy: 'a'.repeat(100) } as never));
    expect(error.message).toBe(`orderBy must be one of createdAt, id, totalAmount, merchantReference, email, got ${long.slice(0, 60)}`);
  });
});

describe("a call's options are refused with their exact message", () => {
  it.each([
    ['options that are not an object', 'fast', 'options must be an object'],
    ['a signal that is not an AbortSignal', { signal: {} }, 'signal must be an AbortSignal'],
  ])('%s', async (_, options, message) => {
    const { client, fetch } = clientWith();
    const error = await refusal(() => client.listPayments({}, options as never));
    expect(error.message).toBe(message);
    expect(fetch.requests).toHaveLength(0);
  });
});

describe("createClient's options are refused with their exact message", () => {
  it.each([
    ['options that are not an object', 'sandbox', 'options must be an object'],
    ['a fetch that is not a function', { ...valid, fetch: 'node-fetch' }, 'fetch must be a function'],
    ['a missing merchantId', { ...valid, merchantId: undefined }, 'merchantId must be given'],
    ['neither environment nor baseUrl', { ...CREDENTIALS }, 'environment must be given (or baseUrl)'],
    ['both environment and baseUrl', { ...valid, baseUrl: 'https://example.test' }, 'baseUrl must be left out with environment'],
    ['a baseUrl with a query', { ...CREDENTIALS, baseUrl: 'https://example.test/?a=1' }, 'baseUrl must be a URL without credentials, query or fragment'],
    ['plain http to a remote host', { ...CREDENTIALS, baseUrl: 'http://example.test' }, 'baseUrl must be https (http only to localhost)'],
    ['another scheme, even to localhost', { ...CREDENTIALS, baseUrl: 'ftp://localhost/' }, 'baseUrl must be https (http only to localhost)'],
    ['a logger without every level', { ...valid, logger: { error() {} } }, 'logger must be an object with debug, info, warn and error methods, like console'],
    [
      'a logger missing one level',
      { ...valid, logger: { debug() {}, info() {}, warn() {} } },
      'logger must be an object with debug, info, warn and error methods, like console',
    ],
    ['a null logger', { ...valid, logger: null }, 'logger must be an object with debug, info, warn and error methods, like console'],
  ])('%s', (_, options, message) => {
    expect(thrownBy(() => createClient(options as ClientOptions)).message).toBe(message);
  });

  it('in a browser, without the opt-in', () => {
    expect(thrownBy(() => resolveOptions(valid, { window: {}, document: {} })).message).toBe('dangerouslyAllowBrowser must be true to run in a browser');
  });

  it('http to localhost is allowed, as the message says', () => {
    expect(resolveOptions({ ...CREDENTIALS, baseUrl: 'http://localhost:8080' }).baseUrl).toBe('http://localhost:8080/');
  });
});

describe('what counts as a browser', () => {
  it.each([
    ['a document alone', { document: {} }, true],
    ['a window alone', { window: {} }, true],
    ['a page with a process that is not Node.js', { process: {}, window: {} }, true],
    ['a Cloudflare worker, which has the worker global too', { navigator: { userAgent: 'Cloudflare-Workers' }, WorkerGlobalScope: () => {} }, false],
  ])('%s', (_, scope, browser) => {
    expect(isBrowserLike(scope)).toBe(browser);
  });
});
