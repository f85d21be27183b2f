// payments export started at an offset: to a file (--out), stopped and resumed (--resume), in JSONL and
// CSV, and with --max, the file holds exactly the payments the same export writes to stdout, in the
// same order; and those are the list from that offset on. No other export test passes --offset.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runInProcess, scratchDir } from '../helpers/cli.js';
import { failingProxy } from '../helpers/proxy.js';
import { jsonLines, testSandbox } from '../helpers/sandbox.js';

const PAYMENTS = 230;
const OFFSET = 37;
const LIMIT = 20;

const ids = (payments: readonly { id: string }[]) => payments.map((payment) => payment.id);

async function setUp() {
  const sandbox = await testSandbox({ payments: PAYMENTS, seed: 'export-offset' });
  const env = cleanEnv(sandbox.env);
  const exportTo = async (url: string, flags: string[], out?: string) =>
    runInProcess(['payments', 'export', '--base-url', url, '--offset', String(OFFSET), '--limit', String(LIMIT), ...flags, ...(out ? ['--out', out] : [])], {
      env,
    });
  const toStdout = async (flags: string[] = []) => {
    const result = await exportTo(sandbox.url, flags);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    return result.stdout;
  };
  return { sandbox, exportTo, toStdout, file: (name: string) => join(scratchDir('export-offset-'), name) };
}

describe('payments export --offset', () => {
  it('to stdout: the list from that offset on, oldest first', async () => {
    const { sandbox, toStdout } = await setUp();
    const all = await runInProcess(['payments', 'export', '--base-url', sandbox.url, '--limit', String(LIMIT)], { env: cleanEnv(sandbox.env) });
    const fromStart = ids(jsonLines(all.stdout));
    expect(fromStart).toHaveLength(PAYMENTS);
    expect(ids(jsonLines(await toStdout()))).toEqual(fromStart.slice(OFFSET));
  });

  it('--out: the file holds the same payments as the export to stdout, in the same order', async () => {
    const { sandbox, exportTo, toStdout, file } = await setUp();
    const out = file('p.jsonl');
    expect(await exportTo(sandbox.url, [], out)).toEqual({ code: 0, stdout: '', stderr: '' });
    const expected = await toStdout();
    expect(jsonLines(expected)).toHaveLength(PAYMENTS - OFFSET);
    expect(readFileSync(out, 'utf8')).toBe(expected);
  });

  it('--out --csv: the same rows as to stdout, the header once', async () => {
    const { sandbox, exportTo, toStdout, file } = await setUp();
    const out = file('p.csv');
    expect((await exportTo(sandbox.url, ['--format', 'csv'], out)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(await toStdout(['--format', 'csv']));
  });

  it('--out, stopped on a failed page and then --resume: the same payments as to stdout, each once', async () => {
    const { sandbox, exportTo, toStdout, file } = await setUp();
    // Fails two pages after the start: the checkpoint then sits past the offset it started at.
    const proxy = await failingProxy(sandbox.url, (url) => Number(url.searchParams.get('offset')) >= OFFSET + 2 * LIMIT);
    const out = file('p.jsonl');
    const failed = await exportTo(proxy.url, [], out);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`at offset ${OFFSET + 2 * LIMIT}; ${2 * LIMIT} payments are saved`);
    proxy.heal();
    expect(await exportTo(proxy.url, ['--resume'], out)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(out, 'utf8')).toBe(await toStdout());
  });

  it('--out --resume with no checkpoint yet starts at the offset', async () => {
    const { sandbox, exportTo, toStdout, file } = await setUp();
    const out = file('p.jsonl');
    expect((await exportTo(sandbox.url, ['--resume'], out)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(await toStdout());
  });

  it('--max with --out --resume: the same payments as --max to stdout, not a payment more', async () => {
    const { sandbox, exportTo, toStdout, file } = await setUp();
    const proxy = await failingProxy(sandbox.url, (url) => Number(url.searchParams.get('offset')) >= OFFSET + LIMIT);
    const out = file('p.jsonl');
    const flags = ['--max', '55'];
    expect((await exportTo(proxy.url, flags, out)).code).toBe(1);
    proxy.heal();
    expect((await exportTo(proxy.url, [...flags, '--resume'], out)).code).toBe(0);
    const expected = await toStdout(flags);
    expect(jsonLines(expected)).toHaveLength(55);
    expect(readFileSync(out, 'utf8')).toBe(expected);
  });

  it.each([
    [PAYMENTS - 1, 1],
    [PAYMENTS, 0],
    [PAYMENTS + 1, 0],
  ])(`--offset %i of ${PAYMENTS} payments (the last one, the end, past it): %i written, exit 0, to stdout and to a file`, async (offset, expected) => {
    const { sandbox, file } = await setUp();
    const args = ['payments', 'export', '--base-url', sandbox.url, '--offset', String(offset)];
    const toStdout = await runInProcess(args, { env: cleanEnv(sandbox.env) });
    expect({ code: toStdout.code, stderr: toStdout.stderr, lines: jsonLines(toStdout.stdout).length }).toEqual({ code: 0, stderr: '', lines: expected });
    const out = file('p.jsonl');
    expect(await runInProcess([...args, '--out', out], { env: cleanEnv(sandbox.env) })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(out, 'utf8')).toBe(toStdout.stdout);
  });

  it('a resume with another --offset is refused, naming it', async () => {
    const { sandbox, exportTo, file } = await setUp();
    const proxy = await failingProxy(sandbox.url, (url) => Number(url.searchParams.get('offset')) >= OFFSET + LIMIT);
    const out = file('p.jsonl');
    expect((await exportTo(proxy.url, [], out)).code).toBe(1);
    proxy.heal();
    const other = await runInProcess(['payments', 'export', '--base-url', proxy.url, '--offset', '0', '--limit', String(LIMIT), '--out', out, '--resume'], {
      env: cleanEnv(sandbox.env),
    });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`(--offset: ${OFFSET} then, 0 now)`);
  });
});
