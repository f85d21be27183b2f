// `pnpm start` and `pnpm test` run the spec's `lint` script. On a terminal, with CI unset and a HOME
// that has never seen Redocly (a fresh machine), Redocly CLI prints a 14-line box about "skills for AI
// coding agents" and asks npm for its latest version, unless REDOCLY_SUPPRESS_UPDATE_NOTICE is set.
// tmux gives the script a real terminal; a private tmux server (its own socket) keeps other users out.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { specDir } from '../support/paths.js';

const SOCKET = `merchant-ordering-spec-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8' });
const home = mkdtempSync(join(tmpdir(), 'redocly-home-'));
afterAll(() => {
  try {
    tmux('kill-server');
  } catch {} // no server left
  rmSync(home, { recursive: true, force: true });
});

it('the lint script prints no Redocly notice on a terminal with a fresh HOME and CI unset', async () => {
  // vitest sets NODE_ENV=test, which also hides the notice: a terminal user has none. pnpm's own update check is off: it is not Redocly's, and it would ask the network too.
  const command = `cd '${specDir}' && env -u CI -u NODE_ENV -u REDOCLY_SUPPRESS_UPDATE_NOTICE -u REDOCLY_SUPPRESS_NOTIFICATIONS HOME='${home}' npm_config_update_notifier=false pnpm run lint; echo "exit=$?"; sleep 600`;
  tmux('new-session', '-d', '-s', 'lint', '-x', '120', '-y', '60', command);
  let screen = '';
  for (const started = Date.now(); Date.now() - started < 150_000 && !/^exit=\d+$/m.test(screen); ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    screen = tmux('capture-pane', '-p', '-S', '-', '-t', 'lint');
  }
  expect(screen).toMatch(/^exit=0$/m);
  expect(screen).toMatch(/Woohoo! Your API description is valid/);
  expect(screen).not.toMatch(/skills for AI coding agents|Redocly CLI comes with|A new version of/i);
}, 180_000);
