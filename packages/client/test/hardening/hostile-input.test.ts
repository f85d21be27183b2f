// Issue 19: no raw exception reaches a caller, whatever the input, and the redactor holds for credentials
// of any length (a 100,000-character merchant ID threw a raw `SyntaxError: Invalid regular expression`
// while the client built its redactor, a giant alternation of every form).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/auth.js';
import { createClient, MerchantApiError, ValidationError, type ClientOptions } from '../../src/index.js';
import { MAX_CREDENTIAL_LENGTH } from '../../src/options.js';
import { createSecretRedactor, redactDeep } from '../../src/redact.js';
import { clientWith } from '../helpers/client.js';

const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('credentials have a length limit, named when broken', () => {
  it.each(['merchantId', 'secretKey'])('%s of 100,000 characters is a ValidationError naming it, rule maxLength', (param) => {
    const error = thrown(() =>
      createClient({ merchantId: '60032000', secretKey: 'secret', environment: 'sandbox', [param]: 'k'.repeat(100_000) } as ClientOptions),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ param, rule: 'maxLength', message: `${param} must be at most ${MAX_CREDENTIAL_LENGTH} characters long` });
  });

  it.each(['merchantId', 'secretKey'])('%s of 1,024 characters is accepted, of 1,025 refused', (param) => {
    const options = (length: number) => ({ merchantId: '60032000', secretKey: 'secret', environment: 'sandbox', [param]: 'k'.repeat(length) }) as ClientOptions;
    expect(MAX_CREDENTIAL_LENGTH).toBe(1024);
    expect(thrown(() => createClient(options(1024)))).toBeUndefined();
    expect(thrown(() => createClient(options(1025)))).toMatchObject({ param, rule: 'maxLength' });
  });

  it('credentials of the largest accepted length are sent and redacted in every error', async () => {
    const merchantId = 'm'.repeat(MAX_CREDENTIAL_LENGTH);
    const secretKey = 's~?'.repeat(MAX_CREDENTIAL_LENGTH / 4) + 's';
    const { client } = clientWith(
      (request) => new Response(`echo ${request.headers.get('authorization')} ${secretKey} ${encodeURIComponent(secretKey)}`, { status: 401 }),
      { merchantId, secretKey },
    );
    const error = await client.listPayments().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AuthenticationError', bodyExcerpt: expect.stringContaining('[REDACTED]') });
    const text = JSON.stringify(error);
    for (const form of [secretKey, encodeURIComponent(secretKey), basicAuthorization(merchantId, secretKey).slice(6)])
      expect(text).not.toContain(form.slice(0, 200));
  });
});

describe('the shared redactor holds for any input', () => {
  it('credentials of 100,000 characters: built without error, and every form still redacted', () => {
    const merchantId = 'm'.repeat(100_000);
    const secretKey = 'k/+'.repeat(33_334);
    const redact = createSecretRedactor({ merchantId, secretKey });
    const base64 = basicAuthorization(merchantId, secretKey).slice(6);
    expect(redact(`a ${secretKey} b ${base64} c ${encodeURIComponent(secretKey).toLowerCase()} d`)).toBe('a [REDACTED] b [REDACTED] c [REDACTED] d');
  });

  it('a lone surrogate, which cannot be URL-encoded, does not throw', () => {
    const redact = createSecretRedactor({ merchantId: '1', secretKey: 'key\uD800key' });
    expect(redact('x key\uD800key y')).toBe('x [REDACTED] y');
  });

  it('redactDeep copies JSON nested 100,000 levels deep without overflowing the stack, and copies a cycle once', () => {
    const redact = createSecretRedactor({ merchantId: '1', secretKey: 'secret-key' });
    let deep: unknown = 'secret-key';
    for (let level = 0; level < 100_000; level++) deep = level % 2 ? [deep] : { level: deep };
    let copy = redactDeep(deep, redact);
    for (let level = 99_999; level >= 0; level--) copy = level % 2 ? (copy as unknown[])[0] : (copy as { level: unknown }).level;
    expect(copy).toBe('[REDACTED]');
    const cyclic: Record<string, unknown> = { token: 'secret-key' };
    cyclic.self = cyclic;
    const copied = redactDeep(cyclic, redact) as Record<string, unknown>;
    expect(copied).toMatchObject({ token: '[REDACTED]' });
    expect(copied.self).toBe(copied);
  });

  it('a JSON key `__proto__` stays a key of the copy, and sets no prototype', () => {
    const copy = redactDeep(JSON.parse('{"__proto__":{"polluted":"yes"}}'), (text) => text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect((copy as { polluted?: string }).polluted).toBeUndefined();
  });
});

describe('no raw exception reaches a caller', () => {
  const anything = fc.anything({
    withNullPrototype: true,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withBoxedValues: true,
  });
  const isOurs = (error: unknown) => error === undefined || error instanceof MerchantApiError;

  it('createClient, whatever its options, returns a client or throws one of the client’s errors', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anything,
          fc.record(
            {
              merchantId: anything,
              secretKey: anything,
              environment: fc.constantFrom('sandbox', 'x'),
              timeouts: anything,
              logger: anything,
              userAgent: anything,
            },
            { requiredKeys: [] },
          ),
        ),
        (options) => {
          expect(isOurs(thrown(() => createClient(options as ClientOptions)))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('every method, whatever its arguments, resolves or rejects with one of the client’s errors', async () => {
    const { client } = clientWith();
    const parameter = fc.constantFrom('limit', 'offset', 'fromCreatedDate', 'toCreatedDate', 'ids', 'statuses', 'orderBy', 'ascending', 'include');
    await fc.assert(
      fc.asyncProperty(fc.oneof(anything, fc.dictionary(parameter, anything)), anything, async (query, options) => {
        for (const call of [
          () => client.listPayments(query as never, options as never),
          () => client.getConfiguration(query as never, options as never),
          () => client.iteratePayments(query as never, options as never).toArray({ max: 1 }),
          () => client.iteratePayments().toArray(query as never),
          () => client.ping(options as never),
        ]) {
          const error = await (async () => call())().then(
            () => undefined,
            (caught: unknown) => caught,
          );
          expect(isOurs(error), String((error as Error)?.stack)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
