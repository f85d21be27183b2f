// Every path that prints text from the network, against a server whose text would drive a terminal:
// nothing of it reaches the terminal as a control; it shows escaped (\u001b), one line per failure.
import { describe, expect, it } from 'vitest';
import { cleanEnv, runInProcess, scratchDir } from '../helpers/cli.js';
import { DRIVES_TERMINAL, HOSTILE, hostileServer } from '../helpers/hostile-server.js';
import { join } from 'node:path';

const env = () => cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' });
const terminal = { stdout: true, stderr: true, columns: 100 };
const errorBody = (status: number) => JSON.stringify({ errorCode: `bad${HOSTILE}`, errorId: `id${HOSTILE}`, message: `no${HOSTILE}`, httpStatusCode: status });
const payment = (id: number, merchantReference = 'ref') => ({
  id: String(100000000000 + id),
  token: `tok-${id}`,
  status: 'APPROVED',
  created: new Date(Date.UTC(2024, 0, 1) + id * 60_000).toISOString(),
  originalAmount: { amount: '10.00', currency: 'AUD' },
  merchantReference,
});

/** One line on stderr, with no byte that drives a terminal, and the hostile text shown escaped. */
function expectOneSafeLine(text: string) {
  expect(text.endsWith('\n'), JSON.stringify(text)).toBe(true);
  expect(text.slice(0, -1), JSON.stringify(text)).not.toMatch(DRIVES_TERMINAL);
  expect(text.slice(0, -1)).not.toContain('\n');
  expect(text).toContain('\\u001b]0;PWNED-TITLE');
}

describe('text from the network never drives the terminal', () => {
  it('a one-line API error: message, errorCode and errorId', async () => {
    const server = await hostileServer(() => ({ status: 401, body: errorBody(401) }));
    const { code, stderr } = await runInProcess(['payments', 'list', '--base-url', server.url], { env: env(), terminal });
    expect(code).toBe(1);
    expectOneSafeLine(stderr);
    expect(stderr).toMatch(/^merchant-ordering: 401 bad.*\(errorId id.*\): no/);
  });

  it("the excerpt of a proxy's HTML error page", async () => {
    const server = await hostileServer(() => ({ status: 403, type: 'text/html', body: `<html><body><h1>Forbidden</h1>${HOSTILE}</body></html>` }));
    const { code, stderr } = await runInProcess(['configuration', '--base-url', server.url], { env: env(), terminal });
    expect(code).toBe(1);
    expectOneSafeLine(stderr);
    expect(stderr).toContain('Forbidden');
  });

  it('the line of an export that fails on a page', async () => {
    const server = await hostileServer((url) =>
      Number(url.searchParams.get('offset')) >= 2
        ? { status: 500, body: errorBody(500) }
        : { status: 200, body: JSON.stringify({ totalResults: 5, offset: 0, limit: 2, results: [payment(1), payment(2)] }) },
    );
    const out = join(scratchDir('hostile-'), 'p.jsonl');
    const { code, stderr } = await runInProcess(['payments', 'export', '--base-url', server.url, '--limit', '2', '--out', out], {
      env: env(),
      terminal: { stdout: true, stderr: false },
    });
    expect(code).toBe(1);
    expectOneSafeLine(stderr);
    expect(stderr).toContain('at offset 2');
  });

  it('"answered 200 with an unexpected body"', async () => {
    const server = await hostileServer(() => ({ status: 200, body: JSON.stringify({ totalResults: `many${HOSTILE}`, offset: 0, limit: 20, results: [] }) }));
    const { code, stderr } = await runInProcess(['payments', 'list', '--base-url', server.url], { env: env(), terminal });
    expect(code).toBe(1);
    expect(stderr).toContain('unexpected body');
    expect(stderr.slice(0, -1)).not.toMatch(DRIVES_TERMINAL);
    expect(stderr).toContain('\\u009b2J');
  });

  it("configuration's property names it does not know, on a terminal", async () => {
    const server = await hostileServer(() => ({
      status: 200,
      body: JSON.stringify({ minimumAmount: { amount: '1.00', currency: 'AUD' }, [`extra${HOSTILE}`]: `value${HOSTILE}` }),
    }));
    const { code, stdout, stderr } = await runInProcess(['configuration', '--base-url', server.url], { env: env(), terminal });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    for (const line of stdout.split('\n').slice(0, -1)) expect(line, JSON.stringify(line)).not.toMatch(DRIVES_TERMINAL);
    expect(stdout).toContain('extra\\u001b]0;PWNED-TITLE');
  });

  it('CSV on a terminal: a carriage return inside a quoted cell cannot overwrite the row', async () => {
    const results = [payment(1, `first\rEVIL`), payment(2, `second${HOSTILE}`)];
    const server = await hostileServer(() => ({ status: 200, body: JSON.stringify({ totalResults: 2, offset: 0, limit: 250, results }) }));
    const { code, stdout } = await runInProcess(['payments', 'export', '--base-url', server.url, '--format', 'csv'], { env: env(), terminal });
    expect(code).toBe(0);
    const lines = stdout.split('\r\n');
    expect(lines).toHaveLength(4); // the header, two rows, and nothing after the last CRLF
    for (const line of lines) expect(line, JSON.stringify(line)).not.toMatch(DRIVES_TERMINAL);
    expect(lines[1]).toContain('first\\u000dEVIL');
  });
});
