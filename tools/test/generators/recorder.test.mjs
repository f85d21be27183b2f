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

  it('compares the last query with an expected one as the service reads both', async () => {
    await fetch(`${recorder.url}/v2/payments?statuses=B&merchantReferences=a+b&statuses=C`);
    const compare = async (expected) => (await fetch(`${recorder.url}/__recorded/last?expected=${encodeURIComponent(expected)}`)).json();
    expect(await compare('merchantReferences=a%20b&statuses=B&statuses=C')).toEqual({
      rawQuery: 'statuses=B&merchantReferences=a+b&statuses=C',
      samePairs: true,
      difference: '',
      defaultsSent: [],
    });
    expect(await compare('merchantReferences=a%20b&statuses=C&statuses=B')).toMatchObject({
      samePairs: false,
      difference: 'statuses: sent ["B","C"], expected ["C","B"]',
    });
  });

  it('logs each request without the credentials, and hands the log over once', async () => {
    recorder.takeLog();
    await fetch(`${recorder.url}/v2/configuration?include=publicid`, { headers: { Authorization: 'Basic MzI6YWJjZGVmZ2g=', 'User-Agent': 'ua/1' } });
    const log = recorder.takeLog();
    expect(log).toEqual([
      { method: 'GET', path: '/v2/configuration', rawQuery: 'include=publicid', accept: '*/*', userAgent: 'ua/1', authorization: 'Basic', status: 200 },
    ]);
    expect(JSON.stringify(log)).not.toContain('MzI6');
    expect(recorder.takeLog()).toEqual([]);
  });
});

describe('the recording proxy', () => {
  let upstream;
  let proxy;
  beforeAll(async () => {
    upstream = await startRecorder();
    proxy = await startRecorder({ upstream: upstream.url });
  });
  afterAll(() => Promise.all([proxy.close(), upstream.close()]));

  it('passes a request on with its raw query untouched, and the answer back unchanged', async () => {
    const response = await fetch(`${proxy.url}/v2/payments?fromCreatedDate=2019-01-01T09:00:00.000+11:00&a=%7e`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ totalResults: 0, offset: 0, limit: 20, results: [] });
    expect((await (await fetch(`${upstream.url}/__recorded/last`)).json()).rawQuery).toBe('fromCreatedDate=2019-01-01T09:00:00.000+11:00&a=%7e');
    expect(proxy.takeLog()).toMatchObject([{ path: '/v2/payments', rawQuery: 'fromCreatedDate=2019-01-01T09:00:00.000+11:00&a=%7e', status: 200 }]);
  });

  it('answers 502 when the upstream is gone', async () => {
    const gone = await startRecorder();
    const orphan = await startRecorder({ upstream: gone.url });
    await gone.close();
    const response = await fetch(`${orphan.url}/v2/payments`);
    expect(response.status).toBe(502);
    await orphan.close();
  });
});
