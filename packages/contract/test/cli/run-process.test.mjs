// The bin's process (runProcess, which lib/cli.js calls with process and console), in process with a
// fake of each: the arguments after node and the script reach the command, its output goes to the
// right stream, and its code is the exit code. bin.test.mjs checks the same from outside.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../../lib/commands.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

async function run(...args) {
  const proc = { argv: ['/usr/bin/node', '/bin/merchant-ordering-contract', ...args], exitCode: undefined };
  const log = [];
  const error = [];
  await runProcess(proc, { log: (text) => log.push(text), error: (text) => error.push(text) });
  return { exitCode: proc.exitCode, log, error };
}

describe('runProcess', () => {
  it('answers --version on stdout and exits 0', async () => {
    expect(await run('--version')).toEqual({ exitCode: 0, log: [version], error: [] });
  });

  it('answers a bad flag on stderr in one line and exits 2', async () => {
    expect(await run('verify', '--nope')).toEqual({
      exitCode: 2,
      log: [],
      error: ['merchant-ordering-contract: unknown flag --nope (see merchant-ordering-contract verify --help)'],
    });
  });

  it("exits with the command's code, its report on stdout: 0 for a description against itself", async () => {
    const fixture = new URL('../fixtures/breaking/base.json', import.meta.url).pathname;
    const { exitCode, log, error } = await run('breaking', '--base', fixture, '--head', fixture);
    expect({ exitCode, error }).toEqual({ exitCode: 0, error: [] });
    expect(log.join('\n')).toContain('No breaking change');
  });
});
