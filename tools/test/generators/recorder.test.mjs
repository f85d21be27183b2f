// The recorder of the generator matrix: what the targets' harnesses rely on (tools/generators/README.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecorder } from '../../generators/recorder.mjs';

let recorder;
beforeAll(async () => {
  recorder = await startRecorder();
});
afterAll(() => recorder.close());

const last = async () => (await (await fetch(`${recorder.url}/__recorded/last`)).json()).rawQuery;

describe('the recorder', () => {
  it('answers List Payments with an empty page and records the raw query string as received', async () => {
    const response = await fetch(`${recorder.url}/v2/payments?merchantReferences=order+1%2C2&statuses=A&statuses=B`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ totalResults: 0, offset: 0, limit: 20, results: [] });
    expect(await last()).toBe('merchantReferences=order+1%2C2&statuses=A&statuses=B');
  });

  it('answers Get Configuration with a minimal configuration and records its query', async () => {
    const response = await fetch(`${recorder.url}/v2/configuration?include=publicid`);
    expect(await response.json()).toEqual({ maximumAmount: { amount: '2000.00', currency: 'AUD' } });
    expect(await last()).toBe('include=publicid');
  });

  it('records an empty query for a request without one', async () => {
    await fetch(`${recorder.url}/v2/payments`);
    expect(await last()).toBe('');
  });
});
