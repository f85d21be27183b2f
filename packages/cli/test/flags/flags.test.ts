// The flag parser: every mistake is one line naming the flag, and no value given to an unknown flag is
// ever echoed (it may be a secret).
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { type FlagSpecs, parseFlags } from '../../src/flags.js';

const SPECS: FlagSpecs = {
  status: { type: 'string', multiple: true, value: 'STATUS', help: '' },
  limit: { type: 'string', value: 'N', help: '' },
  ascending: { type: 'boolean', help: '' },
  help: { type: 'boolean', help: '' },
};
const parse = (...args: string[]) => parseFlags(args, SPECS, 'payments list');
const mistake = (...args: string[]) => {
  try {
    parse(...args);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error(`no error for ${args.join(' ')}`);
};

describe('flags', () => {
  it('reads --name value, --name=value, booleans, repeated flags and -h', () => {
    expect(parse('--status', 'APPROVED', '--status=DECLINED', '--limit', '5', '--ascending', '-h')).toEqual({
      status: ['APPROVED', 'DECLINED'],
      limit: '5',
      ascending: true,
      help: true,
    });
  });

  it('takes a negative number as a value, so the client can refuse it by its rule', () => {
    expect(parse('--limit', '-5')).toEqual({ limit: '-5' });
    expect(parse('--limit=--x')).toEqual({ limit: '--x' });
  });

  it('refuses an unknown flag in one line that names the command and its help', () => {
    expect(mistake('--bogus')).toBe('unknown flag --bogus for payments list (see merchant-ordering payments list --help)');
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
    expect(mistake('APPROVED')).toBe('unexpected argument "APPROVED" for payments list (see merchant-ordering payments list --help)');
  });
});
