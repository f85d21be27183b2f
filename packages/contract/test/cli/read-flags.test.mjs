// The command line's reader and usage text in this process (test/cli/command-line.test.mjs runs the
// bin): what each kind of argument gives, and the exact one line for each mistake. lib/read-flags.js is
// the copy of the one reader every bin ships (tools/test/start/flags-one-way.test.mjs keeps them equal).
import { describe, expect, it } from 'vitest';
import { flagHelp, readFlags } from '../../lib/read-flags.js';

const OPTIONS = {
  'base-url': { type: 'string', value: '<url>', help: 'the server' },
  json: { type: 'boolean', help: 'as JSON' },
};
const HOW = { command: 'contract verify' };
const readArguments = (options, args) => readFlags(args, options, HOW);

describe('readFlags', () => {
  it('reads string options with or without =, booleans, and skips the terminator', () => {
    expect(readArguments(OPTIONS, ['--base-url', 'http://a', '--json'])).toEqual({ values: { 'base-url': 'http://a', json: true }, positionals: [] });
    expect(readArguments(OPTIONS, ['--base-url=--odd', '--'])).toEqual({ values: { 'base-url': '--odd' }, positionals: [] });
    expect(readArguments(OPTIONS, [])).toEqual({ values: {}, positionals: [] });
  });

  it('answers --help and -h before anything else on the line, then --version', () => {
    expect(readArguments(OPTIONS, ['--nope', '--help'])).toEqual({ help: true });
    expect(readArguments(OPTIONS, ['-h'])).toEqual({ help: true });
    expect(readArguments(OPTIONS, ['stray', '--version'])).toEqual({ version: true });
    expect(readArguments(OPTIONS, ['--version', '--help'])).toEqual({ help: true });
  });

  it('names each mistake in one line', () => {
    expect(readArguments(OPTIONS, ['stray'])).toEqual({ error: 'unexpected argument "stray" (see contract verify --help)' });
    expect(readArguments(OPTIONS, ['--nope'])).toEqual({ error: 'unknown flag --nope (see contract verify --help)' });
    expect(readArguments(OPTIONS, ['--json=yes'])).toEqual({ error: '--json takes no value' });
    expect(readArguments(OPTIONS, ['--base-url'])).toEqual({ error: '--base-url needs a value: --base-url <url>' });
    expect(readArguments(OPTIONS, ['--base-url', '--json'])).toEqual({ error: '--base-url needs a value: --base-url <url>' });
  });
});

describe('flagHelp', () => {
  it('lines up one option a line: the short form, the flag and its value, then the help', () => {
    expect(flagHelp({ ...OPTIONS, help: { type: 'boolean', short: 'h', help: 'this text' } })).toBe(
      ['  --base-url <url>  the server', '  --json            as JSON', '  -h, --help        this text'].join('\n'),
    );
  });
});
