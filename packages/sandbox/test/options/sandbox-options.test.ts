// The options every host takes (settings.ts): the defaults filled in, and a bad option refused with a
// SandboxOptionError whose message names the option and the rule, before anything is served. Checked
// in process, inside each test (createSandbox, and engineSettings for bounds too costly to build).
import { describe, expect, it } from 'vitest';
import { engineSettings } from '../../src/engine/settings.js';
import {
  createSandbox,
  DEFAULT_CREDENTIALS,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENTS,
  DEFAULT_SEED,
  SandboxOptionError,
  type SandboxOptions,
} from '../../src/index.js';

/** Options a caller without types can pass. */
const untyped = (options: Record<string, unknown>) => options as SandboxOptions;

describe('the defaults', () => {
  it('fill in every option left out', () => {
    expect(engineSettings({})).toEqual({
      ...DEFAULT_CREDENTIALS,
      payments: DEFAULT_PAYMENTS,
      seed: DEFAULT_SEED,
      faults: '',
      currency: DEFAULT_CURRENCY,
      evolve: false,
      corsOrigins: [],
      log: undefined,
    });
  });

  it('take every option given', () => {
    const log = () => {};
    const given = { merchantId: 'm-1', secretKey: 's', payments: 0, seed: 'x', faults: '429:0.5', currency: 'NZD', evolve: true, corsOrigins: ['*'], log };
    expect(engineSettings(given)).toEqual(given);
  });

  it('payments from 0 to 1,000,000, both included', () => {
    for (const payments of [0, 1_000_000]) expect(engineSettings({ payments }).payments).toBe(payments);
  });
});

describe('a bad option is refused, naming it and its rule', () => {
  it.each([
    ['payments', [-1, 1_000_001, 2.5, '10'], 'must be an integer from 0 to 1000000'],
    ['merchantId', ['', 'id:with-colon', 32], 'must be a non-empty string without a colon'],
    ['secretKey', ['', 42], 'must be a non-empty string'],
    // ['AUD'] reads as "AUD" to a regular expression: the type is checked first.
    ['currency', ['aud', 'AUDD', 'AU', 36, ['AUD']], 'must be an ISO 4217 code such as AUD'],
    ['faults', [429, ['429:0.1']], 'must be a string such as 429:0.1,insert:0.1'],
    ['faults', ['429'], '"429" is not <fault>:<probability from 0 to 1>, e.g. 429:0.1,503:0.05,insert:0.1'],
    ['evolve', ['yes', 1], 'must be true or false'],
    ['corsOrigins', ['https://docs.example.com', { length: 0 }], 'must be a list of origins such as https://docs.example.com, or *'],
    ['corsOrigins', [[42]], '"42" is not an origin such as https://docs.example.com (scheme, host and port only), or *'],
    ['log', ['console', {}], 'must be a function that takes one entry'],
  ] as const)('%s: %j: %s', async (name, values, rule) => {
    for (const value of values) {
      const error = new SandboxOptionError(`${name}: ${rule}`);
      expect(() => engineSettings(untyped({ [name]: value })), JSON.stringify(value)).toThrow(error);
      await expect(createSandbox(untyped({ [name]: value })), JSON.stringify(value)).rejects.toThrow(error);
    }
  });

  it('is a SandboxOptionError, named so', async () => {
    const refused = await createSandbox({ merchantId: '' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SandboxOptionError);
    expect((refused as Error).name).toBe('SandboxOptionError');
  });
});
