// An export calls itself complete (exit 0, FILE.partial renamed) only when it wrote exactly as many
// distinct payments as the snapshot taken at its start holds; otherwise exit 1 with one line naming the
// shortfall or the surplus, and FILE.partial and its checkpoint stay.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runInProcess, scratchDir } from '../helpers/cli.js';
import { listPayments, listServer } from '../helpers/list-server.js';
import { duplicates, jsonLines } from '../helpers/sandbox.js';

const env = () => cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' });
const ids = (text: string) => jsonLines(text).map((payment) => payment.id);

describe('an export is complete only when it is', () => {
  it('a server that ignores offset: the export stops, and the resume exits 1 naming the shortfall, keeping both files', async () => {
    const server = await listServer(listPayments(1000));
    server.ignoreOffset = true;
    const dir = scratchDir('exact-');
    const out = join(dir, 'p.jsonl');
    const args = ['payments', 'export', '--base-url', server.url, '--out', out];
    const first = await runInProcess(args, { env: env() });
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('--resume');
    const resumed = await runInProcess([...args, '--resume'], { env: env() });
    expect(resumed.code, resumed.stderr).toBe(1);
    expect(resumed.stderr).toBe(
      `merchant-ordering: the export is incomplete: 250 of the 1,000 payments in its snapshot were written, 750 short (the service skipped or repeated payments during the walk); ${out}.partial and ${out}.checkpoint.json are kept: delete them to start over\n`,
    );
    expect(readdirSync(dir).sort()).toEqual(['p.jsonl.checkpoint.json', 'p.jsonl.partial']);
    expect(duplicates(ids(readFileSync(`${out}.partial`, 'utf8')))).toEqual([]);
  });

  it('--order-by merchantReference: a reference renamed during the walk, so that the payment moves behind it, is a shortfall of 1', async () => {
    const payments = listPayments(600);
    const server = await listServer(payments);
    let renamed = false;
    server.beforeAnswer = (query) => {
      if (!renamed && query.get('orderBy') === 'merchantReference' && Number(query.get('offset')) >= 300) {
        payments[500]!.merchantReference = 'ref-0000a'; // from ahead of the walk to the first page
        renamed = true;
      }
    };
    const out = join(scratchDir('exact-'), 'p.jsonl');
    const { code, stderr } = await runInProcess(
      ['payments', 'export', '--base-url', server.url, '--order-by', 'merchantReference', '--ascending', '--limit', '100', '--out', out],
      { env: env() },
    );
    expect(renamed).toBe(true);
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr: `merchant-ordering: the export is incomplete: 599 of the 600 payments in its snapshot were written, 1 short (the service skipped or repeated payments during the walk); ${out}.partial and ${out}.checkpoint.json are kept: delete them to start over\n`,
    });
    expect(existsSync(out)).toBe(false);
    expect(duplicates(ids(readFileSync(`${out}.partial`, 'utf8')))).toEqual([]);
  });

  it('ids repeated from two pages back (payments shown late push the list on) are written once', async () => {
    const payments = listPayments(1000);
    const server = await listServer(payments);
    let moved = false;
    server.beforeAnswer = (query) => {
      if (!moved && query.get('orderBy') === 'createdAt' && query.get('ascending') === 'true' && Number(query.get('offset')) >= 200) {
        // 150 payments created early but visible only now land before offset 50: the page at 200 then
        // holds payments 50–149, half of them from two pages back.
        const late = Array.from({ length: 150 }, (_, index) => ({ id: String(9000 + index), created: '2024-01-01T00:10:30.000Z' }));
        payments.splice(0, 0, ...late);
        moved = true;
      }
    };
    const out = join(scratchDir('exact-'), 'p.jsonl');
    const { code, stderr } = await runInProcess(['payments', 'export', '--base-url', server.url, '--limit', '100', '--out', out], { env: env() });
    expect(moved).toBe(true);
    const exported = ids(readFileSync(out, 'utf8'));
    expect(duplicates(exported)).toEqual([]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(exported.sort()).toEqual(listPayments(1000).map((payment) => payment.id));
  });

  it('to stdout, a shortfall is exit 1 with its line too', async () => {
    const server = await listServer(listPayments(300));
    let renamed = false;
    server.beforeAnswer = (query) => {
      if (!renamed && Number(query.get('offset')) >= 200) {
        server.payments.splice(0, 1);
        renamed = true;
      }
    };
    const { code, stdout, stderr } = await runInProcess(['payments', 'export', '--base-url', server.url, '--limit', '100'], { env: env() });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'merchant-ordering: the export is incomplete: 299 of the 300 payments in its snapshot were written, 1 short (the service skipped or repeated payments during the walk)\n',
    );
    expect(ids(stdout)).toHaveLength(299);
  });
});
