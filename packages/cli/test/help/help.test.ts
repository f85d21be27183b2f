// --help on every command, with an example; --version; a wrong command in one line, exit 2 (in process;
// the built bin's own answers are in process.test.ts).
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/run.js';
import { runInProcess } from '../helpers/cli.js';

describe('help', () => {
  it.each(COMMANDS.map((command) => command.words.join(' ')))('%s --help prints its usage, flags and an example, exit 0', async (words) => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout, stderr } = await runInProcess([...words.split(' '), flag]);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toMatch(new RegExp(`^Usage: merchant-ordering ${words} `));
      expect(stdout).toMatch(/\nExamples?:\n {2}merchant-ordering \S/);
      expect(stdout).toContain('--sandbox');
    }
  });

  it('--help alone, or no command, lists every command and says where credentials go', async () => {
    for (const argv of [['--help'], []]) {
      const { code, stdout } = await runInProcess(argv);
      expect(code).toBe(0);
      for (const command of COMMANDS) expect(stdout).toContain(`  ${command.words.join(' ')}`);
      expect(stdout).toContain('MERCHANT_ID and SECRET_KEY');
      expect(stdout).toMatch(/Example:\n {2}merchant-ordering /);
    }
    expect((await runInProcess(['payments'])).stdout).toMatch(/^Usage: merchant-ordering payments <command>/);
  });

  it('--help wins over a mistake beside it', async () => {
    expect((await runInProcess(['payments', 'list', '--bogus', '--help'])).code).toBe(0);
  });

  // One rule for every bin of ours (read-flags.js): the package's version alone, as npm, pnpm and node print theirs.
  it('--version prints the version of this command line, alone', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    const { code, stdout } = await runInProcess(['--version']);
    expect(code).toBe(0);
    expect(stdout).toBe(`${version}\n`);
  });

  it('a wrong command, or a flag before the command, is one line and exit 2', async () => {
    expect(await runInProcess(['payment', 'list'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'merchant-ordering: unknown command "payment list" (see merchant-ordering --help)\n',
    });
    expect(await runInProcess(['--sandbox', 'ping'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'merchant-ordering: the command comes first: merchant-ordering <command> [flags] (see merchant-ordering --help)\n',
    });
  });
});
