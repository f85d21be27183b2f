// The flag reader every bin ships (src/hosts/node/read-flags.js; the copies elsewhere are byte for byte
// this one, tools/test/start/flags-one-way.test.mjs), in this process and on a table of its own that
// uses each kind of flag the reader knows: repeatable, with a short form, without a value's name, a
// boolean; the sandbox's own table is read through readCommandLine (read-command-line.test.ts).
import { describe, expect, it } from 'vitest';
import { type Flags, flagHelp, readFlags } from '../../src/hosts/node/read-flags.js';

const TABLE: Flags = {
  status: { type: 'string', multiple: true, value: '<status>', help: 'repeatable' },
  limit: { type: 'string', short: 'l', value: '<n>', help: 'how many' },
  note: { type: 'string' },
  all: { type: 'boolean', help: 'no value' },
};
const COMMAND = { command: 'tool list' };
const HINT = '(see tool list --help)';

const read = (args: string[], how: Partial<Parameters<typeof readFlags>[2]> = {}) => readFlags(args, TABLE, { ...COMMAND, ...how });
/** The one line `args` are refused with. */
const refusal = (args: string[], how: Partial<Parameters<typeof readFlags>[2]> = {}) => {
  const result = read(args, how);
  if (!('error' in result)) throw new Error(`${JSON.stringify(args)} read as ${JSON.stringify(result)}`);
  return result.error;
};

describe('readFlags: what it reads', () => {
  it.each([
    [['--limit', '5', '--all'], { limit: '5', all: true }],
    [['-l', '5'], { limit: '5' }],
    [['--limit=5'], { limit: '5' }],
    [['--note='], { note: '' }],
    [['--note=a b=c'], { note: 'a b=c' }],
    [['--note', 'a-'], { note: 'a-' }],
    [['--limit', '-1'], { limit: '-1' }],
    [['--status', 'A', '--status=B'], { status: ['A', 'B'] }],
    [[], {}],
  ])('%j', (args, values) => {
    expect(read(args)).toEqual({ values, positionals: [] });
  });

  it('takes what follows -- as arguments, never as flags, --help included', () => {
    expect(read(['--limit', '1', '--', 'a', '--help'], { positionals: true })).toEqual({ values: { limit: '1' }, positionals: ['a', '--help'] });
    expect(read(['x--all', 'y', '--', 'z'], { positionals: true })).toEqual({ values: {}, positionals: ['z', 'x--all', 'y'] });
  });

  it('answers --help (or -h) before anything else before --, a mistake included, then --version', () => {
    for (const args of [['--help'], ['-h'], ['--bogus', '--help'], ['--limit', '1', '-h', '--version']])
      expect(read(args), args.join(' ')).toEqual({ help: true });
    expect(read(['--all', '--version'])).toEqual({ version: true });
    expect(read(['--', '--version'], { positionals: true })).toEqual({ values: {}, positionals: ['--version'] });
  });
});

describe('readFlags: what it refuses, in one line', () => {
  it.each([
    [['--bogus'], `unknown flag --bogus ${HINT}`],
    [['-x'], `unknown flag -x ${HINT}`],
    [['--constructor'], `unknown flag --constructor ${HINT}`],
    [['--limit'], '--limit needs a value: --limit <n>'],
    [['--limit', '--all'], '--limit needs a value: --limit <n>'],
    [['--limit', '--x-1'], '--limit needs a value: --limit <n>'],
    [['--limit', '-x'], '--limit needs a value: --limit <n>'],
    [['--note'], '--note needs a value'],
    [['--all=yes'], '--all takes no value'],
    [['--all', 'yes'], '--all takes no value'],
    [['--limit', '1', '-l', '2'], '--limit is given twice; give it once'],
    [['--all', '--all'], '--all is given twice; give it once'],
    [['APPROVED'], `unexpected argument "APPROVED" ${HINT}`],
    [['--', 'APPROVED'], `unexpected argument "APPROVED" ${HINT}`],
  ])('%j', (args, line) => {
    expect(refusal(args)).toBe(line);
  });

  it('shows an argument or a flag name quoted and escaped when it has more than word characters, and cut after 40 characters', () => {
    expect(refusal(['--\u001b[2Jx'])).toBe(`unknown flag "--\\u001b[2Jx" ${HINT}`);
    expect(refusal(['--x\u001b'])).toBe(`unknown flag "--x\\u001b" ${HINT}`);
    expect(refusal([`--${'a'.repeat(40)}`])).toBe(`unknown flag --${'a'.repeat(40)} ${HINT}`);
    expect(refusal([`--${'a'.repeat(41)}`])).toBe(`unknown flag "--${'a'.repeat(38)}…" ${HINT}`);
    expect(refusal(['b'.repeat(40)])).toBe(`unexpected argument "${'b'.repeat(40)}" ${HINT}`);
    expect(refusal(['b'.repeat(41)])).toBe(`unexpected argument "${'b'.repeat(40)}…" ${HINT}`);
  });

  it('refuses a flag that looks like a credential, pointing where credentials go, only where the command says so and only as --name', () => {
    const how = { credentials: 'set SECRET_KEY' };
    for (const name of [
      'merchant-id',
      'merchantid',
      'secret',
      'secret-key',
      'secretkey',
      'password',
      'api-key',
      'apikey',
      'key',
      'credential',
      'credentials',
      'user',
      'username',
    ])
      expect(refusal([`--${name}=s3cr3t`], how), name).toBe(
        `--${name}: credentials are never read from flags (ps and the shell history would show them); set SECRET_KEY`,
      );
    for (const flag of ['--monkey', '--keyring', '-key']) expect(refusal([flag], how), flag).toBe(`unknown flag ${flag} ${HINT}`);
    expect(refusal(['--password'])).toBe(`unknown flag --password ${HINT}`);
  });
});

describe('flagHelp', () => {
  it('lists each flag on its line, its short form and value name first, the help aligned two spaces after the longest, nothing trailing', () => {
    expect(flagHelp(TABLE).split('\n')).toEqual([
      '  --status <status>  repeatable',
      '  -l, --limit <n>    how many',
      '  --note',
      '  --all              no value',
    ]);
  });
});
