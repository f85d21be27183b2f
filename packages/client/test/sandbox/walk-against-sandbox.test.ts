// The client end to end against @merchant-ordering/sandbox, which behaves like the service: a walk
// with iteratePayments yields exactly totalResults, and a walk that meets 429s and new payments
// arriving mid-walk (the sandbox's random faults) yields every payment that existed when it started,
// once, and no payment twice.
import { startSandbox, type Sandbox } from '@merchant-ordering/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { retriesIn } from '../helpers/client.js';
import { recordingLogger } from '../helpers/logger.js';

const sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
});

async function clientFor(options: Parameters<typeof startSandbox>[0], retries = 2) {
  const sandbox = await startSandbox(options);
  sandboxes.push(sandbox);
  const { logger, lines: log } = recordingLogger();
  return { sandbox, log, client: createClient({ ...sandbox.credentials, baseUrl: sandbox.url, retries, logger }) };
}

const duplicates = (ids: string[]) => ids.filter((id, index) => ids.indexOf(id) !== index);

describe('iteratePayments against the sandbox', () => {
  it('walks every payment: exactly totalResults, each once, newest first', async () => {
    const { client } = await clientFor({ payments: 1000 });
    const { totalResults } = await client.listPayments({ limit: 1 });
    const walked: { id: string; created?: string }[] = [];
    for await (const payment of client.iteratePayments()) walked.push(payment);
    expect(walked).toHaveLength(totalResults);
    expect(totalResults).toBe(1000);
    expect(duplicates(walked.map((payment) => payment.id))).toEqual([]);
    const created = walked.map((payment) => payment.created!);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('a filtered walk with a small page yields what the filter matches', async () => {
    const { client, sandbox } = await clientFor({ payments: 300 });
    const expected = sandbox
      .payments()
      .filter((payment) => payment.status.toUpperCase() === 'DECLINED')
      .map((payment) => payment.id);
    const walked: string[] = [];
    for await (const payment of client.iteratePayments({ statuses: ['DECLINED'], limit: 7 })) walked.push(payment.id);
    expect(walked.sort()).toEqual(expected.sort());
  });

  it('under random 429s and inserts, yields every payment that existed when the walk began exactly once, and none twice', async () => {
    const { client, sandbox, log } = await clientFor({ payments: 1000, seed: 3, faults: '429:0.1,insert:0.1' }, 6);
    const before = sandbox.payments().map((payment) => payment.id);
    const walked: string[] = [];
    for await (const payment of client.iteratePayments({ limit: 50 })) walked.push(payment.id);
    const inserted = sandbox.payments().length - before.length;
    expect(inserted, 'the walk met no insert').toBeGreaterThan(0);
    expect(duplicates(walked)).toEqual([]);
    const missing = before.filter((id) => !walked.includes(id));
    expect(missing).toEqual([]);
    // The 429s were met, and each was retried (the walk would have failed otherwise).
    expect(retriesIn(log).length).toBeGreaterThan(0);
    for (const line of retriesIn(log))
      expect(line).toMatch(/^retrying GET http:\/\/127\.0\.0\.1:\d+\/v2\/payments\?limit=50&offset=\d+ in \d+ ms after HTTP 429$/);
  });
});
