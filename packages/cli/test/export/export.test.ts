// payments export against the sandbox: every payment that existed when it started, each once, under
// 429s and inserts; JSONL and CSV; --max; stdout; 0600 files; a failed page named, with what was saved
// kept for --resume; a resume with other arguments refused.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox } from '@merchant-ordering/sandbox/fetch';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../src/csv.js';
import { cleanEnv, runInProcess, scratchDir } from '../helpers/cli.js';
import { readCsv } from '../helpers/csv.js';
import { movingServer } from '../helpers/moving-server.js';
import { failingProxy } from '../helpers/proxy.js';
import { duplicates, jsonLines, testSandbox } from '../helpers/sandbox.js';

const ids = (payments: readonly { id: string }[]) => payments.map((payment) => payment.id);

describe('payments export', () => {
  it('with --faults 429:0.1,insert:0.1, the file holds every payment that existed when it started, each once', async () => {
    const sandbox = await testSandbox({ payments: 1500, faults: '429:0.1,insert:0.1', seed: 'export-faults' });
    const before = ids(sandbox.payments());
    const out = join(scratchDir('export-'), 'payments.jsonl');
    const { code, stdout, stderr } = await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--limit', '100', '--out', out], {
      env: cleanEnv(sandbox.env),
    });
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
    const exported = ids(jsonLines(readFileSync(out, 'utf8')));
    const inserted = ids(sandbox.payments()).slice(before.length);
    expect(inserted.length).toBeGreaterThan(0); // the fault did insert payments while the export ran
    expect(duplicates(exported)).toEqual([]);
    expect(exported.filter((id) => !before.includes(id) && !inserted.includes(id))).toEqual([]);
    expect(before.filter((id) => !exported.includes(id))).toEqual([]);
  });

  it('newest first (--order-by createdAt) is pinned to the newest payment at the start: those inserted meanwhile are left out', async () => {
    const sandbox = await testSandbox({ payments: 1000, faults: 'insert:0.2', seed: 'pinned' });
    const out = join(scratchDir('export-'), 'payments.jsonl');
    const { code } = await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--order-by', 'createdAt', '--limit', '50', '--out', out], {
      env: cleanEnv(sandbox.env),
    });
    expect(code).toBe(0);
    const exported = jsonLines(readFileSync(out, 'utf8')) as unknown as { id: string; created: string }[];
    const all = sandbox.payments();
    expect(all.length).toBeGreaterThan(1005); // payments did arrive during the export
    // The first request may itself meet an insert: the set is what existed when it was answered.
    const pinned = all.filter((payment) => Date.parse(payment.created) <= Date.parse(exported[0]!.created));
    expect(pinned.length).toBeLessThanOrEqual(1001);
    expect(ids(exported)).toEqual(ids(pinned).reverse());
  });

  it("--sandbox --faults 429:0.1,insert:0.1 exports the in-process sandbox's seeded payments, each once", async () => {
    const reference = await createSandbox(); // the same seed and size as the one --sandbox makes
    const seeded = ids(reference.payments()).sort();
    await reference.close();
    const out = join(scratchDir('export-'), 'payments.jsonl');
    const { code } = await runInProcess(['payments', 'export', '--sandbox', '--faults', '429:0.1,insert:0.1', '--limit', '100', '--out', out]);
    expect(code).toBe(0);
    expect(ids(jsonLines(readFileSync(out, 'utf8'))).sort()).toEqual(seeded);
  });

  it('writes CSV with the header and one row per payment, amounts as the service sent them', async () => {
    const sandbox = await testSandbox({ payments: 300 });
    const out = join(scratchDir('export-'), 'payments.csv');
    const { code } = await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--format', 'csv', '--out', out], { env: cleanEnv(sandbox.env) });
    expect(code).toBe(0);
    const [header, ...rows] = readCsv(readFileSync(out, 'utf8'));
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(300);
    const byId = new Map(sandbox.payments().map((payment) => [payment.id, payment]));
    for (const row of rows) {
      const payment = byId.get(row[0]!)!;
      expect(row[CSV_COLUMNS.indexOf('originalAmount.amount')]).toBe(payment.originalAmount.amount);
      expect(row[CSV_COLUMNS.indexOf('merchantReference')]).toBe(payment.merchantReference ?? '');
    }
  });

  it('creates the file, its partial file and its checkpoint readable by the user only (0600), and leaves only the file', async () => {
    const sandbox = await testSandbox({ payments: 50 });
    const dir = scratchDir('export-');
    const out = join(dir, 'payments.jsonl');
    writeFileSync(out, 'an older export, readable by all\n', { mode: 0o644 });
    await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--out', out], { env: cleanEnv(sandbox.env) });
    expect(readdirSync(dir)).toEqual(['payments.jsonl']);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(jsonLines(readFileSync(out, 'utf8'))).toHaveLength(50);
  });

  it('--max stops after N payments; --limit is the page size', async () => {
    const sandbox = await testSandbox({ payments: 400 });
    const before = sandbox.payments().length;
    const { code, stdout } = await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--limit', '50', '--max', '120'], {
      env: cleanEnv(sandbox.env),
    });
    expect(code).toBe(0);
    const exported = jsonLines(stdout);
    expect(exported).toHaveLength(120);
    expect(duplicates(ids(exported))).toEqual([]);
    expect(sandbox.payments()).toHaveLength(before);
  });

  it('writes JSONL to stdout when piped, and nothing to stderr', async () => {
    const sandbox = await testSandbox({ payments: 260 });
    const { code, stdout, stderr } = await runInProcess(['payments', 'export', '--base-url', sandbox.url], { env: cleanEnv(sandbox.env) });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(
      jsonLines(stdout)
        .map((payment) => payment.id)
        .sort(),
    ).toEqual(ids(sandbox.payments()).sort());
  });

  it('an empty set (--from after every payment, even after the start) exports nothing and succeeds', async () => {
    const sandbox = await testSandbox({ payments: 20 });
    const { code, stdout, stderr } = await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--from', '2999-01-01T00:00:00+00:00'], {
      env: cleanEnv(sandbox.env),
    });
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('keeps to the filters, which are the flags of payments list', async () => {
    const sandbox = await testSandbox({ payments: 500 });
    const { stdout } = await runInProcess(
      [
        'payments',
        'export',
        '--base-url',
        sandbox.url,
        '--status',
        'declined',
        '--from',
        '2024-03-01T00:00:00+11:00',
        '--order-by',
        'totalAmount',
        '--ascending',
      ],
      { env: cleanEnv(sandbox.env) },
    );
    const expected = sandbox
      .payments()
      .filter((payment) => payment.status === 'DECLINED' && Date.parse(payment.created) >= Date.parse('2024-03-01T00:00:00+11:00'));
    const exported = jsonLines(stdout) as unknown as { id: string; originalAmount: { amount: string } }[];
    expect(ids(exported).sort()).toEqual(ids(expected).sort());
    const amounts = exported.map((payment) => Number(payment.originalAmount.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('names the failed page and keeps what was saved; --resume then finishes with each payment once', async () => {
    const sandbox = await testSandbox({ payments: 1000 });
    const proxy = await failingProxy(sandbox.url, (url) => Number(url.searchParams.get('offset')) >= 300);
    const dir = scratchDir('export-');
    const out = join(dir, 'payments.csv');
    const args = ['payments', 'export', '--base-url', proxy.url, '--format', 'csv', '--limit', '100', '--out', out];
    const failed = await runInProcess(args, { env: cleanEnv(sandbox.env) });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /^merchant-ordering: 500 error \(errorId 0123456789abcdef\): An unexpected error occurred\., at offset 300; 300 payments are saved: run the same command with --resume to go on\n$/,
    );
    expect(readdirSync(dir).sort()).toEqual(['payments.csv.checkpoint.json', 'payments.csv.partial']);
    // The checkpoint's recent ids, which a resume skips, are those of the saved payments, and no others.
    const saved = readCsv(readFileSync(`${out}.partial`, 'utf8'))
      .slice(1)
      .map((row) => row[0]);
    expect(JSON.parse(readFileSync(`${out}.checkpoint.json`, 'utf8')).position.recentIds).toEqual(saved);

    proxy.heal();
    const resumed = await runInProcess([...args, '--resume'], { env: cleanEnv(sandbox.env) });
    expect(resumed).toEqual({ code: 0, stdout: '', stderr: '' });
    const rows = readCsv(readFileSync(out, 'utf8')).slice(1);
    expect(rows.map((row) => row[0]).sort()).toEqual(ids(sandbox.payments()).sort());
    expect(readdirSync(dir)).toEqual(['payments.csv']);
  });

  it.each([
    ['newest first (--order-by createdAt): pinned, so none of them is in the file', ['--order-by', 'createdAt'], 0],
    ['oldest first (the default): pinned as well (the snapshot is what a complete export holds), so none of them is in the file', [], 0],
  ])('payments inserted between a stop and the resume, %s', async (_, order, expectedNew) => {
    const sandbox = await testSandbox({ payments: 1000 });
    const proxy = await failingProxy(sandbox.url, (url) => Number(url.searchParams.get('offset')) >= 300);
    const out = join(scratchDir('export-'), 'p.jsonl');
    const env = cleanEnv(sandbox.env);
    const args = ['payments', 'export', '--base-url', proxy.url, ...order, '--limit', '50', '--out', out];
    expect((await runInProcess(args, { env })).code).toBe(1);
    const before = ids(sandbox.payments());
    // More arrive than a page holds: the last page's ids alone could not hide a shift of the offsets.
    const authorization = `Basic ${Buffer.from('32:abcdefgh').toString('base64')}`;
    for (let i = 0; i < 120; i++) await (await fetch(`${sandbox.url}/ping`, { headers: { 'Sandbox-Fault': 'insert', Authorization: authorization } })).text();
    const inserted = ids(sandbox.payments()).slice(before.length);
    expect(inserted).toHaveLength(120);
    proxy.heal();
    expect((await runInProcess([...args, '--resume'], { env })).code).toBe(0);
    const exported = ids(jsonLines(readFileSync(out, 'utf8')));
    expect(duplicates(exported)).toEqual([]);
    expect(before.filter((id) => !exported.includes(id))).toEqual([]);
    expect(exported.filter((id) => inserted.includes(id))).toHaveLength(expectedNew);
  });

  it("a payment that shows up late, before the resume point, moves the list: the last page's ids keep the file free of duplicates", async () => {
    const server = await movingServer(600);
    server.failFrom = 300;
    const out = join(scratchDir('export-'), 'p.jsonl');
    const env = cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' });
    const args = ['payments', 'export', '--base-url', server.url, '--limit', '50', '--out', out];
    expect((await runInProcess(args, { env })).code).toBe(1);
    // 30 payments, created early but visible only now, land before offset 300: the last 30 written move to 300–329.
    server.payments.splice(10, 0, ...Array.from({ length: 30 }, (_, index) => ({ id: String(9000 + index), created: '2024-01-01T00:05:00.000Z' })));
    server.failFrom = Infinity;
    expect((await runInProcess([...args, '--resume'], { env })).code).toBe(0);
    const exported = ids(jsonLines(readFileSync(out, 'utf8')));
    expect(duplicates(exported)).toEqual([]);
    expect(exported).toHaveLength(600); // every payment of the first list once; the late ones were behind the walk
  });

  it('refuses to start over an unfinished export without --resume, and a resume with other arguments, in one line', async () => {
    const sandbox = await testSandbox({ payments: 600 });
    const proxy = await failingProxy(sandbox.url, (url) => Number(url.searchParams.get('offset')) >= 200);
    const out = join(scratchDir('export-'), 'p.jsonl');
    const env = cleanEnv(sandbox.env);
    const args = ['payments', 'export', '--base-url', proxy.url, '--status', 'APPROVED', '--status', 'DECLINED', '--limit', '100', '--out', out];
    expect((await runInProcess(args, { env })).code).toBe(1);

    const again = await runInProcess(args, { env });
    expect(again).toEqual({
      code: 2,
      stdout: '',
      stderr: `merchant-ordering: ${out} has an unfinished export (200 of ${sandbox.payments().filter((p) => ['APPROVED', 'DECLINED'].includes(p.status)).length} payments): add --resume to go on with it, or delete ${out}.checkpoint.json to start over\n`,
    });

    const other = await runInProcess([...args.slice(0, -2), '--status', 'ON_HOLD', '--out', out, '--resume'], { env });
    expect(other.code).toBe(2);
    expect(other.stderr).toBe(
      `merchant-ordering: --resume: ${out}.checkpoint.json was made with other arguments (--status: APPROVED DECLINED then, APPROVED DECLINED ON_HOLD now); run the command it was made with, or delete it to start over\n`,
    );
    const otherFormat = await runInProcess([...args, '--format', 'csv', '--resume'], { env });
    expect(otherFormat.stderr).toContain('(--format: jsonl then, csv now)');
    const otherMax = await runInProcess([...args, '--max', '50', '--resume'], { env });
    expect(otherMax.stderr).toContain('(--max: not given then, 50 now)');
    const otherMerchant = await runInProcess([...args, '--resume'], { env: cleanEnv({ MERCHANT_ID: '99', SECRET_KEY: 'x' }) });
    expect(otherMerchant.stderr).toContain('(merchant ID: 32 then, 99 now)');

    // The same arguments in another order, defaults spelt out, are the same export.
    proxy.heal();
    const reordered = [
      'payments',
      'export',
      '--out',
      out,
      '--resume',
      '--format',
      'jsonl',
      '--status',
      'DECLINED',
      '--limit',
      '100',
      '--status',
      'APPROVED',
      '--base-url',
      proxy.url,
    ];
    expect(await runInProcess(reordered, { env })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(duplicates(ids(jsonLines(readFileSync(out, 'utf8'))))).toEqual([]);
  });

  it('--resume with no checkpoint starts the export, so a retry loop can always pass it', async () => {
    const sandbox = await testSandbox({ payments: 30 });
    const out = join(scratchDir('export-'), 'p.jsonl');
    expect((await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--out', out, '--resume'], { env: cleanEnv(sandbox.env) })).code).toBe(0);
    expect(jsonLines(readFileSync(out, 'utf8'))).toHaveLength(30);
  });

  it('checks every flag before it sends anything or creates a file', async () => {
    const sandbox = await testSandbox({ faults: 'insert:1' });
    const dir = scratchDir('export-');
    const env = cleanEnv(sandbox.env);
    const cases: [string[], string][] = [
      [['--limit', '251'], '--limit must be an integer from 1 to 250, got 251'],
      [['--max', '0'], '--max must be a whole number from 1, got "0"'],
      [['--format', 'xlsx'], '--format must be jsonl or csv, got "xlsx"'],
      [['--to', '2024-03-01T00:00:00'], '--to must be a date-time like 2024-01-31T09:00:00.000+11:00, got "2024-03-01T00:00:00"'],
      [['--json'], 'unknown flag --json (see merchant-ordering payments export --help)'],
    ];
    for (const [flags, line] of cases) {
      const result = await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--out', join(dir, 'p.jsonl'), ...flags], { env });
      expect(result).toEqual({ code: 2, stdout: '', stderr: `merchant-ordering: ${line}\n` });
    }
    expect(await runInProcess(['payments', 'export', '--resume'], { env })).toMatchObject({
      code: 2,
      stderr: 'merchant-ordering: --resume needs --out FILE: an export to stdout cannot resume\n',
    });
    expect(await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--out', dir], { env })).toMatchObject({
      code: 2,
      stderr: `merchant-ordering: --out: ${dir} is a folder; name a file\n`,
    });
    expect(await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--out', join(dir, 'missing', 'p.jsonl')], { env })).toMatchObject({
      code: 2,
      stderr: `merchant-ordering: --out: there is no folder ${join(dir, 'missing')}\n`,
    });
    expect(readdirSync(dir)).toEqual([]);
    expect(sandbox.payments()).toHaveLength(1000); // every request would have inserted one
  });
});
