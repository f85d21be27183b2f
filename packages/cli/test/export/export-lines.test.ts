// The export's last line on each path, exact: done on a terminal ("exported N payments to FILE in M:SS",
// the bar cleared first, no bar over payments printed to the terminal), a failed page to stdout (what
// was written), and a stdout that fails with an errno code.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/run.js';
import { cleanEnv, runInProcess, scratchDir } from '../helpers/cli.js';
import { movingServer } from '../helpers/moving-server.js';

const env = () => cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' });
// A time under an hour, as M:SS: an order of magnitude, not a speed, so it holds at any load.
const UNDER_AN_HOUR = '\\d{1,2}:\\d\\d';

describe('the last line of an export', () => {
  it('to a file, with stderr a terminal: the bar cleared, then what was exported where, and how long it took', async () => {
    const server = await movingServer(120);
    const out = join(scratchDir('lines-'), 'p.jsonl');
    const run = await runInProcess(['payments', 'export', '--base-url', server.url, '--limit', '50', '--out', out], {
      env: env(),
      terminal: { stderr: true, columns: 100 },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`\\r\\x1b\\[Kexported 120 payments to ${out.replace(/[.]/g, '\\.')} in ${UNDER_AN_HOUR}\\n$`));
  });

  it('to stdout, with both terminals: no bar on stderr, only the line', async () => {
    const server = await movingServer(30);
    const run = await runInProcess(['payments', 'export', '--base-url', server.url, '--limit', '50'], {
      env: env(),
      terminal: { stdout: true, stderr: true, columns: 100 },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`^exported 30 payments in ${UNDER_AN_HOUR}\\n$`));
  });

  it('to stdout, a failed page: the error, where, and how many payments were written', async () => {
    const server = await movingServer(120);
    server.failFrom = 50;
    const run = await runInProcess(['payments', 'export', '--base-url', server.url, '--limit', '50'], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').length).toBe(51);
    expect(run.stderr).toMatch(/^merchant-ordering: 500 .*, at offset 50; 50 payments were written\n$/);
  });

  it('a stdout that fails with an errno code is named with it', async () => {
    const server = await movingServer(30);
    let stderr = '';
    const code = await runCli(
      ['payments', 'export', '--base-url', server.url, '--limit', '10'],
      {
        stdout: {
          write: (text: string) => {
            if (text) throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
            return true;
          },
          once: () => undefined,
          isTTY: false,
        },
        stderr: { write: (text: string) => ((stderr += text), true), once: () => undefined, isTTY: false },
        env: env(),
      },
      new AbortController().signal,
    );
    expect({ code, stderr }).toEqual({ code: 1, stderr: 'merchant-ordering: cannot write to stdout (EPIPE)\n' });
  });
});
