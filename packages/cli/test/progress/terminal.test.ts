// The export's progress bar in a real terminal: tmux runs the built bin in a pane, and the pane is
// read with capture-pane while the export runs and once it has finished. A private tmux server
// (its own socket) keeps other tmux users on this machine out of it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, scratchDir } from '../helpers/cli.js';
import { jsonLines, testSandbox } from '../helpers/sandbox.js';

const SOCKET = `merchant-ordering-test-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8' });
afterAll(() => {
  try {
    tmux('kill-server');
  } catch {
    // no server left
  }
});

const BAR = /^ *\d+% ▕[█▏▎▍▌▋▊▉ ]+▏ [\d,]+\/1,000 payments {2}[\d,]+\/s {2}\d+:\d\d left$/m;

async function exportInPane(session: string, extraEnv: string[]) {
  const sandbox = await testSandbox({ payments: 1000, faults: 'delay=40:1' }); // 50 pages of 20, each held 40 ms
  const out = join(scratchDir('tmux-'), 'payments.jsonl');
  const command = `env ${extraEnv.join(' ')} MERCHANT_ID=32 SECRET_KEY=abcdefgh '${process.execPath}' '${BIN}' payments export --base-url ${sandbox.url} --limit 20 --out '${out}'; echo "exit=$?"; sleep 600`;
  tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '12', command);
  const screens: string[] = [];
  const coloured: string[] = [];
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    const screen = tmux('capture-pane', '-p', '-t', session);
    screens.push(screen);
    coloured.push(tmux('capture-pane', '-p', '-e', '-t', session));
    if (screen.includes('exit=')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  tmux('kill-session', '-t', session);
  return { screens, coloured, out, final: screens.at(-1)! };
}

describe('the progress bar in a terminal (tmux)', () => {
  it('shows count, total, rate and time left on stderr while the export runs, then a summary line', async () => {
    const { screens, coloured, out, final } = await exportInPane('bar', []);
    const during = screens.filter((screen) => BAR.test(screen));
    expect(during.length, screens.join('\n----\n')).toBeGreaterThan(1);
    const counts = during.map((screen) =>
      Number(
        BAR.exec(screen)![0]
          .match(/ ([\d,]+)\/1,000/)![1]!
          .replace(/,/g, ''),
      ),
    );
    expect(new Set(counts).size).toBeGreaterThan(1); // it moves
    expect(coloured.some((screen) => screen.includes('\x1b[32m'))).toBe(true);
    expect(final).toMatch(new RegExp(`^exported 1,000 payments to ${out} in \\d+:\\d\\d\\nexit=0$`, 'm'));
    expect(final).not.toMatch(/▕/); // the bar is cleared
    expect(jsonLines(readFileSync(out, 'utf8'))).toHaveLength(1000);
    // Kept for the closing note: one screen with the bar, and the last one.
    mkdirSync(new URL('../../test-output', import.meta.url), { recursive: true });
    writeFileSync(
      new URL('../../test-output/progress-bar-tmux.txt', import.meta.url),
      `${during[Math.floor(during.length / 2)]!.trimEnd()}\n----\n${final.trimEnd()}\n`,
    );
  }, 90_000);

  it('draws the bar without colour under NO_COLOR', async () => {
    const { screens, coloured } = await exportInPane('no-colour', ['NO_COLOR=1']);
    expect(screens.some((screen) => BAR.test(screen))).toBe(true);
    expect(coloured.join('')).not.toContain('\x1b[32m');
  }, 90_000);
});
