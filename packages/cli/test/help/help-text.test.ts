// The help's text, line for line where it is laid out: the commands' list aligned in the top help and
// a group's help, "Example" or "Examples" by their count, --version after a command; and which words
// make a group (payments) rather than an unknown command.
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/command.js';
import { commandHelp } from '../../src/run.js';
import { runInProcess } from '../helpers/cli.js';

const LIST = '  payments list    one page of payments, with every List Payments filter as a flag';
const EXPORT = '  payments export  every matching payment, to JSONL or CSV; resumable with --out';

describe('the help text', () => {
  it('lists every command in the top help, aligned on the longest', async () => {
    const { stdout } = await runInProcess([]);
    expect(stdout).toContain(
      [
        'Commands:',
        '  ping             check that the service answers (no credentials needed)',
        "  configuration    the merchant's payment limits, and the parts asked for with --include",
        LIST,
        EXPORT,
        '',
        'Where to send (every command):',
      ].join('\n'),
    );
  });

  it("a group's help lists its commands, aligned, and its first command's first example", async () => {
    for (const argv of [['payments'], ['payments', '--help'], ['payments', '-h']]) {
      expect(await runInProcess(argv)).toEqual({
        code: 0,
        stdout: [
          'Usage: merchant-ordering payments <command> [flags]',
          '',
          LIST,
          EXPORT,
          '',
          'Example:',
          '  merchant-ordering payments list --status APPROVED --status DECLINED --from 2024-03-01T00:00:00+11:00 --limit 50',
          '',
        ].join('\n'),
        stderr: '',
      });
    }
  });

  it('a group with flags but no command, and words of no group, are unknown commands, exit 2', async () => {
    for (const [argv, words] of [
      [['payments', '--limit', '5'], 'payments'],
      [['bogus'], 'bogus'],
      [['pay'], 'pay'],
      [['payments', 'list', 'extra'], 'payments list extra'],
    ] as const) {
      expect(await runInProcess([...argv])).toEqual({
        code: 2,
        stdout: '',
        stderr: `merchant-ordering: unknown command "${words}" (see merchant-ordering --help)\n`,
      });
    }
  });

  it("a command's help ends with its examples, one a line, under Examples", async () => {
    const { stdout } = await runInProcess(['ping', '--help']);
    expect(stdout.endsWith('\nExamples:\n  merchant-ordering ping\n  merchant-ordering ping --environment production\n')).toBe(true);
  });

  it('says Example for a command with one', () => {
    const command = { words: ['x'], usage: '[--json]', description: 'Does x.', flags: {}, examples: ['merchant-ordering x'] } as unknown as Command;
    expect(commandHelp(command).endsWith('\nExample:\n  merchant-ordering x\n')).toBe(true);
  });

  it('--version after a command prints the version alone', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    expect(await runInProcess(['ping', '--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});
