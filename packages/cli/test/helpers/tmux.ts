// A real terminal for the tests: a private tmux server (its own socket, no user config) whose pane runs
// a shell command; the test reads the screen with capture-pane and waits for an outcome, never for a
// fixed time, so it holds on a loaded machine.
import { execFileSync } from 'node:child_process';
import { afterAll } from 'vitest';

const SOCKET = `merchant-ordering-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
export const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8' });

afterAll(() => {
  try {
    tmux('kill-server');
  } catch {
    // no server left
  }
});

/**
 * A detached session of `columns` x `rows` whose pane idles until `run` starts a command in it; with
 * `shell`, the pane is an interactive shell (job control: Ctrl+C reaches the command's process group
 * only) that `type` types into.
 */
export function openPane(session: string, { columns = 100, rows = 20, options = [] as [string, string][], shell = false } = {}) {
  tmux('new-session', '-d', '-s', session, '-x', String(columns), '-y', String(rows), ...(shell ? ["env PS1='READY> ' /bin/sh"] : ['sleep 3600']));
  for (const [name, value] of options) tmux('set-option', '-g', name, value);
  return {
    /** Replaces the idle pane with `command` (run by sh). */
    run: (command: string) => tmux('respawn-pane', '-k', '-t', session, command),
    screen: () => tmux('capture-pane', '-p', '-J', '-t', session),
    keys: (...keys: string[]) => tmux('send-keys', '-t', session, ...keys),
    /** Types `line` into the pane's shell and presses Enter. */
    type: (line: string) => {
      tmux('send-keys', '-t', session, '-l', line);
      tmux('send-keys', '-t', session, 'Enter');
    },
    /** Polls the screen until `done` holds for it; fails with the last screen after `timeoutMs`. */
    async waitFor(done: (screen: string) => boolean, timeoutMs = 120_000): Promise<string> {
      let screen = '';
      for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 50))) {
        screen = tmux('capture-pane', '-p', '-J', '-t', session);
        if (done(screen)) return screen;
      }
      throw new Error(`the pane never showed what the test waits for; last screen:\n${screen}`);
    },
    close: () => tmux('kill-session', '-t', session),
  };
}
