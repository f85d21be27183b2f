// The flag reader's rules at their edges (src/read-flags.js, mutated too): what --help and --version
// win over, short flags, the credential refusal only where a command asks for it, names that are not
// own flags, values that look like flags, the usage's flag list; and, through runCli, the one line on
// stderr with exit 2 that never echoes a value.
import { describe, expect, it } from 'vitest';
import { type Flags, flagHelp, readFlags } from '../../src/read-flags.js';
import { cleanEnv, runInProcess } from '../helpers/cli.js';

const SPECS: Flags = {
  status: { type: 'string', multiple: true, value: 'STATUS', help: 'keep payments in this status' },
  limit: { type: 'string', value: 'N', help: 'page size' },
  out: { type: 'string' },
  ascending: { type: 'boolean', short: 'a', help: 'oldest first' },
};
const HOW = { command: 'merchant-ordering payments list' };
const SEE = '(see merchant-ordering payments list --help)';
const parse = (args: string[], how: Parameters<typeof readFlags>[2] = HOW) => readFlags(args, SPECS, how);

describe('readFlags: what wins', () => {
  it('--help or -h wins over a mistake and over --version, but not after --', () => {
    expect(parse(['--bogus', '--help'])).toEqual({ help: true });
    expect(parse(['--version', '-h'])).toEqual({ help: true });
    expect(parse(['--', '--help'])).toEqual({ error: `unexpected argument "--help" ${SEE}` });
  });

  it('--version wins over a mistake, and after -- is an argument', () => {
    expect(parse(['--bogus', '--version'])).toEqual({ version: true });
    expect(parse(['--', '--version'], { ...HOW, positionals: true })).toEqual({ values: {}, positionals: ['--version'] });
  });
});

describe('readFlags: names', () => {
  it('reads a short flag by its letter, and refuses an unknown one by its letter', () => {
    expect(parse(['-a'])).toEqual({ values: { ascending: true }, positionals: [] });
    expect(parse(['-x'])).toEqual({ error: `unknown flag -x ${SEE}` });
  });

  it('refuses names that are not its own flags, inherited ones included', () => {
    expect(parse(['--toString'])).toEqual({ error: `unknown flag --toString ${SEE}` });
    expect(parse(['--__proto__'])).toEqual({ error: `unknown flag --__proto__ ${SEE}` });
  });

  it('quotes a name of more than 40 characters, cut short', () => {
    const long = `--${'n'.repeat(41)}`;
    expect(parse([long])).toEqual({ error: `unknown flag "${long.slice(0, 40)}…" ${SEE}` });
    expect(parse([`--${'n'.repeat(40)}`])).toEqual({ error: `unknown flag --${'n'.repeat(40)} ${SEE}` });
  });

  it('refuses a credential flag with its own line only where the command says where credentials go', () => {
    const credentials = 'set MERCHANT_ID and SECRET_KEY, or use a profile';
    expect(parse(['--secret-key=s3cr3t'], { ...HOW, credentials })).toEqual({
      error: `--secret-key: credentials are never read from flags (ps and the shell history would show them); ${credentials}`,
    });
    expect(parse(['--secret-key=s3cr3t'])).toEqual({ error: `unknown flag --secret-key ${SEE}` });
    expect(parse(['-key=s3cr3t'], { ...HOW, credentials })).toEqual({ error: `unknown flag -key ${SEE}` });
  });
});

describe('readFlags: values', () => {
  it('takes an empty inline value, and a dash followed by a digit as a value', () => {
    expect(parse(['--limit=', '--status', '-1'])).toEqual({ values: { limit: '', status: ['-1'] }, positionals: [] });
  });

  it('says a value is missing without naming one when the flag has no value name', () => {
    expect(parse(['--out'])).toEqual({ error: '--out needs a value' });
    expect(parse(['--out', '-a'])).toEqual({ error: '--out needs a value' });
  });

  it('an argument after a flag that took its value is an unexpected argument, not a value for an earlier boolean', () => {
    expect(parse(['--ascending', '--limit', '5', 'stray'])).toEqual({ error: `unexpected argument "stray" ${SEE}` });
  });

  it('keeps arguments in order when the command takes them', () => {
    expect(parse(['one', '--limit', '5', 'two', '--', '--three'], { ...HOW, positionals: true })).toEqual({
      values: { limit: '5' },
      positionals: ['--three', 'one', 'two'],
    });
  });
});

describe('flagHelp', () => {
  it('lists the flags one a line, aligned, with the short form and the value name', () => {
    expect(flagHelp(SPECS)).toBe(
      ['  --status STATUS  keep payments in this status', '  --limit N        page size', '  --out', '  -a, --ascending  oldest first'].join('\n'),
    );
  });
});

describe('a mistake on the command line', () => {
  it('is one line on stderr with exit 2, and never shows the value', async () => {
    const run = await runInProcess(['payments', 'list', '--secret-key=s3cr3t-value'], { env: cleanEnv() });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).not.toContain('s3cr3t');
    expect(run.stderr.split('\n')).toHaveLength(2);
    expect(run.stderr).toMatch(/^merchant-ordering: --secret-key: credentials are never read from flags/);
  });
});
