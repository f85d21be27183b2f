// The process around the commands (lib/cli.js): the arguments reach them, their output reaches stdout
// and stderr a line each, and their code is the process's exit code. The commands themselves are
// tested in process (command-line.test.mjs).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runContract } from '../helpers/contract-cli.mjs';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('the bin', () => {
  it('prints the version and exits 0', async () => {
    expect(await runContract(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('prints a mistake on stderr in one line and exits 2', async () => {
    expect(await runContract(['verify', '--nope'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'merchant-ordering-contract: unknown flag --nope (see merchant-ordering-contract verify --help)\n',
    });
  });

  it("exits with the command's code, its report on stdout: 0 for a description against itself", async () => {
    const fixture = new URL('../fixtures/breaking/base.json', import.meta.url).pathname;
    const { code, stdout, stderr } = await runContract(['breaking', '--base', fixture, '--head', fixture]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.length).toBeGreaterThan(0);
  });
});
