// The flag reader (src/read-flags.js, the copy of the one reader every bin ships): every mistake is one
// line naming the flag, and no value given to an unknown flag is ever echoed (it may be a secret).
import { describe, expect, it } from 'vitest';
import { type Flags, readFlags } from '../../src/read-flags.js';

const SPECS: Flags = {
  status: { type: 'string', multiple: true, value: 'STATUS', help: '' },
  limit: { type: 'string', value: 'N', help: '' },
  ascending: { type: 'boolean', help: '' },
  help: { type: 'boolean', help: '' },
};
const HOW = { command: 'merchant-ordering payments list', credentials: 'set MERCHANT_ID and SECRET_KEY, or use a profile' };
const parse = (...args: string[]) => readFlags(args, SPECS, HOW);
const mistake = (...args: string[]) => {
  const read = parse(...args);
  if (!('error' in read)) throw new Error(`no error for ${args.join(' ')}`);
  expect(read.error).not.toContain('\n');
  return read.error;
};

describe('flags', () => {
  it('reads --name value, --name=value, booleans, repeated flags and -h', () => {
    expect(parse('--status', 'APPROVED', '--status=DECLINED', '--limit', '5', '--ascending')).toEqual({
      values: { status: ['APPROVED', 'DECLINED'], limit: '5', ascending: true },
      positionals: [],
    });
    expect(parse('--status', 'APPROVED', '--limit', '5', '--ascending', '-h')).toEqual({ help: true });
  });

  it('takes a negative number as a value, so the client can refuse it by its rule', () => {
    expect(parse('--limit', '-5')).toEqual({ values: { limit: '-5' }, positionals: [] });
    expect(parse('--limit=--x')).toEqual({ values: { limit: '--x' }, positionals: [] });
  });

  it('refuses an unknown flag in one line that names the command and its help', () => {
    expect(mistake('--bogus')).toBe('unknown flag --bogus (see merchant-ordering payments list --help)');
  });

  it('never echoes the value given to an unknown flag', () => {
    expect(mistake('--colour=s3cr3t-value')).not.toContain('s3cr3t');
    expect(mistake('-x=s3cr3t-value')).not.toContain('s3cr3t');
  });

  it('points credential flags to the environment or a profile, without their value', () => {
    for (const flag of ['--secret-key=s3cr3t', '--merchant-id', '--password=s3cr3t', '--secret']) {
      const line = mistake(flag);
      expect(line).toMatch(/credentials are never read from flags/);
      expect(line).not.toContain('s3cr3t');
    }
  });

  it('says when a value is missing, or given to a boolean, or a flag comes twice', () => {
    expect(mistake('--limit')).toBe('--limit needs a value: --limit N');
    expect(mistake('--status', '--limit', '5')).toBe('--status needs a value: --status STATUS');
    expect(mistake('--ascending=yes')).toBe('--ascending takes no value');
    expect(mistake('--limit', '5', '--limit', '6')).toBe('--limit is given twice; give it once');
  });

  it('refuses an argument that is not a flag', () => {
    expect(mistake('APPROVED')).toBe('unexpected argument "APPROVED" (see merchant-ordering payments list --help)');
  });

  it('takes an argument right after a boolean for a value meant for it: refused without echoing it', () => {
    expect(mistake('--ascending', 's3cr3t-value')).toBe('--ascending takes no value');
  });

  it('refuses a boolean given twice, as any flag that is not repeatable', () => {
    expect(mistake('--ascending', '--ascending')).toBe('--ascending is given twice; give it once');
  });

  it('shows a flag or argument with control characters escaped and cut short, so that none reaches the terminal raw', () => {
    expect(mistake('--bo\u001b[2Jgus')).toBe('unknown flag "--bo\\u001b[2Jgus" (see merchant-ordering payments list --help)');
    expect(mistake('x'.repeat(100))).toBe(`unexpected argument "${'x'.repeat(40)}…" (see merchant-ordering payments list --help)`);
  });

  it('reads what follows -- as arguments, never as flags', () => {
    expect(mistake('--', '--limit')).toBe('unexpected argument "--limit" (see merchant-ordering payments list --help)');
    expect(readFlags(['--', '--help'], SPECS, { ...HOW, positionals: true })).toEqual({ values: {}, positionals: ['--help'] });
  });
});
