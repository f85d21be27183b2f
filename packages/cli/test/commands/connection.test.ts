// Where a command sends: the service's sandbox unless told otherwise; production only when named;
// --sandbox alone, with its own credentials; --faults only with --sandbox.
import type { Logger } from '@merchant-ordering/client';
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/connection.js';
import type { FlagValues } from '../../src/read-flags.js';
import { cleanEnv } from '../helpers/cli.js';

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const env = cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' });
const open = (values: FlagValues) => connect(values, { env, logger, sources: {} });

describe('where to send', () => {
  it("is the service's sandbox environment when nothing is said", async () => {
    expect((await open({})).baseUrl).toBe('https://global-api-sandbox.afterpay.com');
  });

  it('is production only when --environment production is named', async () => {
    expect((await open({ environment: 'production' })).baseUrl).toBe('https://global-api.afterpay.com');
    expect((await open({ environment: 'sandbox' })).baseUrl).toBe('https://global-api-sandbox.afterpay.com');
  });

  it('is --base-url when given', async () => {
    expect((await open({ 'base-url': 'https://proxy.example.com/api' })).baseUrl).toBe('https://proxy.example.com/api');
  });

  it('--sandbox answers in process, with no socket, with its own credentials, whatever the environment holds, and closes it', async () => {
    const sockets = () => process.getActiveResourcesInfo().filter((kind) => kind.startsWith('TCP')).length;
    const before = sockets();
    const connection = await connect({ sandbox: true }, { env: cleanEnv({ MERCHANT_ID: 'someone', SECRET_KEY: 'else' }), logger, sources: {} });
    expect(connection.baseUrl).toBe('https://global-api-sandbox.afterpay.com');
    expect(connection.merchantId).toBe('32');
    await connection.client.ping();
    expect((await connection.client.listPayments({ limit: 1 })).totalResults).toBe(1000);
    expect(sockets()).toBe(before);
    await connection.close();
    await expect(connection.client.ping({ retries: 0 })).rejects.toThrow();
  });

  it('refuses --sandbox with another destination or a profile, and --faults without --sandbox', async () => {
    await expect(open({ sandbox: true, environment: 'production' })).rejects.toThrow(
      '--sandbox sends to its own sandbox with its own credentials: leave out --environment',
    );
    await expect(open({ sandbox: true, 'base-url': 'https://example.com' })).rejects.toThrow('leave out --base-url');
    await expect(open({ sandbox: true, profile: 'ops' })).rejects.toThrow('leave out --profile');
    await expect(open({ faults: '429:0.1' })).rejects.toThrow('--faults configures the in-process sandbox: it needs --sandbox');
  });
});
