// payments list against the sandbox: every List Payments parameter is a flag, a table on a terminal,
// the page as JSON when piped; client validation errors name the flag (exit 2), API errors give
// status, errorCode and errorId (exit 1).
import { describe, expect, it } from 'vitest';
import { cleanEnv, runInProcess } from '../helpers/cli.js';
import { testSandbox } from '../helpers/sandbox.js';

describe('payments list', () => {
  it('sends every filter flag as its List Payments parameter: the page is what the sandbox answers to the same query', async () => {
    const sandbox = await testSandbox();
    const all = sandbox.payments();
    const picked = all.filter((payment) => payment.merchantReference).slice(100, 104);
    const args = [
      'payments',
      'list',
      '--base-url',
      sandbox.url,
      '--from',
      '2024-01-01T00:00:00+11:00',
      '--to',
      '2024-12-31T23:59:59.999Z',
      '--order-by',
      'id',
      '--ascending',
      '--limit',
      '3',
      '--offset',
      '1',
    ];
    for (const payment of picked)
      args.push('--id', payment.id, '--token', payment.token, '--merchant-reference', payment.merchantReference!, '--status', payment.status.toLowerCase());
    const { code, stdout, stderr } = await runInProcess(args, { env: cleanEnv(sandbox.env) });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const page = JSON.parse(stdout);
    const expected = picked.map((payment) => payment.id).sort();
    expect(page).toMatchObject({ totalResults: 4, offset: 1, limit: 3 });
    expect(page.results.map((payment: { id: string }) => payment.id)).toEqual(expected.slice(1, 4));
  });

  it('a merchant reference with &, +, # and spaces arrives intact', async () => {
    const sandbox = await testSandbox();
    const reference = sandbox.payments().find((payment) => /[+&]/.test(payment.merchantReference ?? ''))!.merchantReference!;
    const { stdout } = await runInProcess(['payments', 'list', '--base-url', sandbox.url, '--merchant-reference', reference], { env: cleanEnv(sandbox.env) });
    const page = JSON.parse(stdout);
    expect(page.totalResults).toBeGreaterThan(0);
    expect(page.results.every((payment: { merchantReference: string }) => payment.merchantReference === reference)).toBe(true);
  });

  it('prints a table on a terminal, with where the page sits and how to get the next', async () => {
    const { code, stdout } = await runInProcess(['payments', 'list', '--sandbox', '--limit', '5'], { terminal: { stdout: true, columns: 200 } });
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\x1b\[1mID +CREATED \(UTC\) +STATUS +STATE +AMOUNT +MERCHANT REFERENCE +EMAIL\x1b\[22m$/);
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^\d{12} +2024-\d\d-\d\d \d\d:\d\d:\d\d +\S+ +\S+ +\d+\.\d\d AUD/);
    expect(lines[6]).toContain('1–5 of 1,000 payments; next page: --offset 5');
  });

  it('fits the table to a narrow terminal, cutting long text with …', async () => {
    const { stdout } = await runInProcess(['payments', 'list', '--sandbox', '--limit', '20'], {
      terminal: { stdout: true, columns: 100 },
      env: cleanEnv({ NO_COLOR: '1' }),
    });
    const rows = stdout.trimEnd().split('\n').slice(0, -1);
    expect(Math.max(...rows.map((line) => [...line].length))).toBeLessThanOrEqual(100);
    expect(stdout).toContain('…');
  });

  it('honours NO_COLOR: no escape sequence at all', async () => {
    const { stdout } = await runInProcess(['payments', 'list', '--sandbox', '--limit', '2'], { terminal: { stdout: true }, env: cleanEnv({ NO_COLOR: '1' }) });
    expect(stdout).not.toContain('\x1b');
    expect(stdout.split('\n')[0]).toMatch(/^ID +CREATED/);
  });

  it('--json forces the page as JSON on a terminal', async () => {
    const { stdout } = await runInProcess(['payments', 'list', '--sandbox', '--limit', '2', '--json'], { terminal: { stdout: true } });
    expect(JSON.parse(stdout)).toMatchObject({ totalResults: 1000, offset: 0, limit: 2, results: [{ id: expect.any(String) }, { id: expect.any(String) }] });
  });

  it('a value the client refuses is one line naming the flag, exit 2, nothing sent', async () => {
    const sandbox = await testSandbox({ faults: 'insert:1' }); // any request sent would add a payment
    const env = cleanEnv(sandbox.env);
    const cases: [string[], RegExp][] = [
      [['--limit', '251'], /^merchant-ordering: --limit must be an integer from 1 to 250, got 251\n$/],
      [['--offset', '-1'], /^merchant-ordering: --offset must be an integer from 0 to \d+, got -1\n$/],
      [['--order-by', 'amount'], /^merchant-ordering: --order-by must be one of createdAt, id, totalAmount, merchantReference, email, got "amount"\n$/],
      [['--from', '2024-03-01'], /^merchant-ordering: --from must be a date-time like/],
      [['--from', '2024-03-02T00:00:00Z', '--to', '2024-03-01T00:00:00Z'], /^merchant-ordering: --from must be no later than --to /],
      [['--status', 'APPROVED,DECLINED'], /^merchant-ordering: --status must be free of commas/],
      [['--merchant-reference', ''], /^merchant-ordering: --merchant-reference must be not empty/],
    ];
    for (const [flags, line] of cases) {
      const { code, stderr, stdout } = await runInProcess(['payments', 'list', '--base-url', sandbox.url, ...flags], { env });
      expect({ flags, code, stdout }).toEqual({ flags, code: 2, stdout: '' });
      expect(stderr).toMatch(line);
    }
    expect(sandbox.payments()).toHaveLength(1000);
  });

  it('an API error is one line with the status, errorCode and errorId, exit 1', async () => {
    const sandbox = await testSandbox();
    const { code, stderr, stdout } = await runInProcess(['payments', 'list', '--base-url', sandbox.url], {
      env: cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'wrong-key' }),
    });
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toMatch(/^merchant-ordering: 401 unauthorized \(errorId [0-9a-f]{16}\): .+\n$/);
    expect(stderr).not.toContain('wrong-key');
  });

  it('a wrong --environment, or --environment with --base-url, is one line', async () => {
    const { stderr } = await runInProcess(['payments', 'list', '--environment', 'staging'], { env: cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' }) });
    expect(stderr).toBe('merchant-ordering: --environment must be sandbox or production, got "staging"\n');
    const { stderr: both } = await runInProcess(['payments', 'list', '--environment', 'production', '--base-url', 'https://example.com']);
    expect(both).toBe('merchant-ordering: --environment and --base-url both say where to send: give one\n');
  });

  it("--base-url follows the client's rules: https, plain http to localhost only", async () => {
    const env = cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' });
    const { code, stderr } = await runInProcess(['payments', 'list', '--base-url', 'http://example.com'], { env });
    expect(code).toBe(2);
    expect(stderr).toBe('merchant-ordering: --base-url must be https (http only to localhost)\n');
  });
});

describe('the table', () => {
  it('shows text from the service with its control characters escaped: nothing reaches the terminal raw', async () => {
    const { pageTable } = await import('../../src/commands/payments-list.js');
    const payment = {
      id: '1',
      created: '2024-01-01T00:00:00.000Z',
      status: 'APPROVED',
      merchantReference: 'x\x1b]0;pwned\x07\x1b[2J\u202eevil',
      orderDetails: { consumer: { email: 'a\r\nb' } },
    };
    const lines = pageTable({ totalResults: 1, offset: 0, limit: 1, results: [payment] }, 200, false);
    const text = lines.join('\n');
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/);
    expect(text).toContain('x\\u001b]0;pwned\\u0007\\u001b[2J\\u202eevil');
    expect(text).toContain('a\\u000d\\u000ab');
  });

  it('keeps CJK text aligned: a wide character takes two cells', async () => {
    const { pageTable } = await import('../../src/commands/payments-list.js');
    const base = { created: '2024-01-01T00:00:00.000Z', status: 'APPROVED', orderDetails: { consumer: { email: 'e@x' } } };
    const lines = pageTable(
      {
        totalResults: 2,
        offset: 0,
        limit: 2,
        results: [
          { ...base, id: '1', merchantReference: '注文-1' },
          { ...base, id: '2', merchantReference: 'ab-123' },
        ],
      },
      200,
      false,
    );
    const { displayWidth } = await import('../../src/table.js');
    expect(displayWidth(lines[1]!.split('注文-1')[0]!)).toBe(displayWidth(lines[2]!.split('ab-123')[0]!));
    expect(displayWidth(lines[1]!)).toBe(displayWidth(lines[2]!));
  });
});
