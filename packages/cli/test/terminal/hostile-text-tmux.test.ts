// A hostile 401 in a real terminal (tmux): the built bin prints the error, and the pane keeps its title,
// the clipboard (tmux accepts OSC 52 here: set-clipboard on) stays empty, the screen is not cleared,
// and the link shows as text.
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { HOSTILE, hostileServer } from '../helpers/hostile-server.js';
import { openPane, tmux } from '../helpers/tmux.js';

describe('a hostile 401 in tmux', () => {
  it('does not retitle the pane, write the clipboard, clear the screen or plant a link', async () => {
    const body = JSON.stringify({ errorCode: 'unauthorized', errorId: `id${HOSTILE}`, message: `Bad credentials${HOSTILE}`, httpStatusCode: 401 });
    const server = await hostileServer(() => ({ status: 401, body }));
    const pane = openPane('hostile', {
      options: [
        ['set-clipboard', 'on'],
        ['allow-rename', 'on'],
      ],
    });
    const titleBefore = tmux('display-message', '-p', '-t', 'hostile', '#{pane_title}');
    pane.run(
      `echo KEEP-THIS-LINE; env MERCHANT_ID=32 SECRET_KEY=abcdefgh '${process.execPath}' '${BIN}' payments list --base-url ${server.url}; echo "exit=$?"; sleep 600`,
    );
    const screen = await pane.waitFor((text) => /^exit=\d+$/m.test(text));
    const title = tmux('display-message', '-p', '-t', 'hostile', '#{pane_title}');
    const buffers = tmux('list-buffers');
    pane.close();
    expect(screen).toMatch(/^exit=1$/m);
    expect.soft(title).toBe(titleBefore);
    expect.soft(title).not.toContain('PWNED');
    expect.soft(buffers).toBe('');
    expect.soft(screen).toContain('KEEP-THIS-LINE');
    expect.soft(screen).toContain('\\u001b]8;;https://evil.invalid/\\u0007click');
    expect(screen).toContain('\\u202eREVERSED');
    mkdirSync(new URL('../../test-output', import.meta.url), { recursive: true });
    writeFileSync(new URL('../../test-output/hostile-401-tmux.txt', import.meta.url), `${screen.trimEnd()}\n`);
  }, 150_000);
});
