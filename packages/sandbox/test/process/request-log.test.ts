// The bin's request log (src/hosts/node/cli.ts): one line per request on stdout, below the banner. It
// runs the built bin, so it is a process test, outside the mutation set; the entries themselves are
// test/log/request-log.test.ts's.
import { fileURLToPath } from 'node:url';
import { spawnNode, waitFor } from '@merchant-ordering/test-kit/processes';
import { describe, expect, it } from 'vitest';
import { BASIC, sendRaw } from '../helpers/sandbox.js';

const bin = fileURLToPath(new URL('../../bin/merchant-ordering-sandbox.js', import.meta.url));
// Repeated arrays and a %2B, logged as sent.
const TARGET = '/v2/payments?statuses=APPROVED&statuses=DECLINED&fromCreatedDate=2024-03-01T00:00:00.000%2B11:00';

describe('the bin', () => {
  it('prints one line per request on stdout, below the banner', async () => {
    const run = spawnNode([bin, '--port', '0', '--payments', '5']);
    try {
      await waitFor(() => run.output.stdout.includes('Ctrl+C stops it.'), `the banner (stderr: ${run.output.stderr})`, 30_000);
      const url = /Base URL +(http:\/\/\S+)/.exec(run.output.stdout)![1]!;
      await sendRaw(url, { method: 'GET', target: TARGET, headers: [['Authorization', BASIC]] });
      await sendRaw(url, { method: 'DELETE', target: '/v2/payments', headers: [] });
      const lines = await waitFor(() => {
        const after = run.output.stdout.split('Ctrl+C stops it.\n')[1]?.trim().split('\n') ?? [];
        return after.length === 2 ? after : undefined;
      }, 'two log lines');
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^GET ${TARGET.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} -> 200 \\([0-9]+ ms\\)$`)),
        expect.stringMatching(/^DELETE \/v2\/payments -> 405 \([0-9]+ ms\)$/),
      ]);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  });
});
