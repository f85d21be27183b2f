// Payments a hostile or broken service could send that are not hostile text: cells too wide for any
// terminal, and nesting deep enough to overflow the stack of whatever recurses into it.
import { describe, expect, it } from 'vitest';
import { cleanEnv, runInProcess } from '../helpers/cli.js';
import { displayWidth } from '../../src/table.js';
import { hostileServer } from '../helpers/hostile-server.js';

const env = (extra = {}) => cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh', NO_COLOR: '1', ...extra });
const page = (results: unknown[]) => JSON.stringify({ totalResults: results.length, offset: 0, limit: 20, results });

describe('the payments table', () => {
  it('fits the terminal however wide the ID, CREATED and AMOUNT cells are', async () => {
    const wide = {
      id: '9'.repeat(2000),
      created: `2024-01-01T00:00:00${'9'.repeat(1000)}Z`,
      status: 'APPROVED',
      originalAmount: { amount: '1'.repeat(2000), currency: 'AUD' },
      merchantReference: 'r',
    };
    const server = await hostileServer(() => ({ status: 200, body: page([wide, { id: '1', created: '2024-01-01T00:00:00Z', status: 'APPROVED' }]) }));
    for (const columns of [100, 60]) {
      const { code, stdout } = await runInProcess(['payments', 'list', '--base-url', server.url], { env: env(), terminal: { stdout: true, columns } });
      expect(code).toBe(0);
      const lines = stdout.trimEnd().split('\n');
      expect(Math.max(...lines.map(displayWidth)), stdout.slice(0, 300)).toBeLessThanOrEqual(columns);
      expect(lines[1]).toContain('…');
    }
  });
});

describe('a payment nested deeper than the verifier walks (128 levels)', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const body = (levels: number) =>
    `{"totalResults":1,"offset":0,"limit":250,"results":[{"id":"100000000001","created":"2024-01-01T00:00:00Z","status":"APPROVED","extra":${deep(levels)}}]}`;

  it.each([
    ['payments export (JSONL)', ['payments', 'export'], 'payment 100000000001 is nested more than 128 levels deep; not written'],
    ['payments list --json', ['payments', 'list', '--json'], 'the page is nested more than 128 levels deep; not printed'],
  ])('%s: one line, exit 1', async (_, words, line) => {
    const server = await hostileServer(() => ({ status: 200, body: body(200_000) }));
    const { code, stderr } = await runInProcess([...words, '--base-url', server.url], { env: env() });
    expect(stderr).toMatch(new RegExp(`^merchant-ordering: ${line.replace(/[.;]/g, '\\$&')}`));
    expect(stderr.split('\n')).toHaveLength(2);
    expect(code).toBe(1);
  });

  it('128 levels are written as they came', async () => {
    const server = await hostileServer(() => ({ status: 200, body: body(120) }));
    const { code, stdout } = await runInProcess(['payments', 'export', '--base-url', server.url], { env: env() });
    expect(code).toBe(0);
    expect(JSON.parse(stdout).extra).toBeDefined();
  });
});
