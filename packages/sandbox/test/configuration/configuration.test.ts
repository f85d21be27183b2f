// GET /v2/configuration: limits in the merchant's currency, plus the parts asked for with include.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PUBLIC_ID } from '../../src/index.js';
import { sandboxFor, type Call } from '../helpers/sandbox.js';

let call: Call;
let stop: () => Promise<void>;
beforeAll(async () => ({ call, stop } = await sandboxFor({ payments: 1 })));
afterAll(() => stop());

describe('configuration', () => {
  it('answers the limits only, cacheable for a day', async () => {
    const { status, json, headers } = await call('/v2/configuration');
    expect(status).toBe(200);
    expect(json).toEqual({ minimumAmount: { amount: '1.00', currency: 'AUD' }, maximumAmount: { amount: '2000.00', currency: 'AUD' } });
    expect(headers.get('cache-control')).toBe('max-age=86400');
  });

  it('adds each part asked for with a repeated include, and only those', async () => {
    const one = await call('/v2/configuration?include=publicid');
    expect(Object.keys(one.json)).toEqual(['minimumAmount', 'maximumAmount', 'publicId']);
    expect(one.json.publicId).toBe(SANDBOX_PUBLIC_ID);
    const all = await call('/v2/configuration?include=publicid&include=consumerlending&include=paybyinstallment');
    expect(all.json).toMatchObject({
      consumerLending: { enabled: true, minimumAmount: { currency: 'AUD' }, maximumAmount: { currency: 'AUD' } },
      payByInstallment: { minimumAmount: { amount: '1.00' }, maximumAmount: { amount: '2000.00' } },
    });
  });

  it('ignores an include value it does not know', async () => {
    expect(Object.keys((await call('/v2/configuration?include=somethingnew')).json)).toEqual(['minimumAmount', 'maximumAmount']);
  });

  it('reads include values in any case', async () => {
    expect(Object.keys((await call('/v2/configuration?include=PublicId&include=PAYBYINSTALLMENT')).json)).toEqual([
      'minimumAmount',
      'maximumAmount',
      'publicId',
      'payByInstallment',
    ]);
  });

  it('refuses a comma-separated or bracketed include with 500 like every array parameter, as the description documents, saying why', async () => {
    for (const [raw, why] of [
      ['include=publicid,consumerlending', 'include: a comma is read as a separator; repeat the parameter once per value'],
      ['include[]=publicid', 'include[]: repeat include once per value, never with brackets'],
      ['include=publicid&include[0]=consumerlending', 'include[0]: repeat include once per value, never with brackets'],
    ]) {
      const { status, json } = await call(`/v2/configuration?${raw}`);
      expect([status, json.errorCode, json.httpStatusCode]).toEqual([500, 'error', 500]);
      expect(json.message).toBe(`An unexpected error occurred. (sandbox: ${why})`);
    }
  });

  it('uses the currency the sandbox was started with', async () => {
    const other = await sandboxFor({ payments: 1, currency: 'NZD' });
    try {
      expect((await other.call('/v2/configuration')).json.maximumAmount.currency).toBe('NZD');
    } finally {
      await other.stop();
    }
  });
});
