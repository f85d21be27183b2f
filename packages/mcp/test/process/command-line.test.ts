// The bin's command line: --help and --version answer, and every mistake is one line on stderr with
// exit code 2, before anything starts.
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/bin.js';

describe('merchant-ordering-mcp', () => {
  it('--help prints the usage and every flag, exit 0', async () => {
    const { code, stdout, stderr } = await runBin(['--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Usage: merchant-ordering-mcp /);
    for (const flag of ['--http', '--port', '--live', '--environment', '--base-url', '--profile', '--version']) expect(stdout).toContain(flag);
  });

  // One rule for every bin of ours (read-flags.js): the package's version alone, as npm, pnpm and node print theirs.
  it('--version prints the package version', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    expect(await runBin(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.each([
    [['--nope'], 'unknown flag --nope (see merchant-ordering-mcp --help)'],
    [['--nope=secret-value'], 'unknown flag --nope (see merchant-ordering-mcp --help)'],
    [['serve'], 'unexpected argument "serve" (see merchant-ordering-mcp --help)'],
    [['--secret-key', 'abc'], '--secret-key: credentials are never read from flags'],
    [['--port', '80'], '--port needs --http: stdio has no port'],
    [['--http', '--port', 'eighty'], '--port must be a whole number from 0 to 65535'],
    [['--environment', 'production'], '--environment needs --live'],
    [['--live', '--environment', 'staging'], '--environment must be sandbox or production, got "staging"'],
    [['--live', '--base-url', 'http://example.com'], '--base-url must be https (http only to localhost)'],
    [['--live'], 'no credentials: set MERCHANT_ID and SECRET_KEY, or write a profile to'],
    [['--http', '--http'], '--http is given twice; give it once'],
  ])('%j is one line on stderr, exit 2', async (args, line) => {
    const { code, stdout, stderr } = await runBin(args, {
      ...(await import('../helpers/bin.js')).cleanEnv(args.includes('--base-url') ? { MERCHANT_ID: 'm1', SECRET_KEY: 'k1' } : {}),
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toHaveLength(2);
    expect(stderr).toContain(line);
    expect(stderr).not.toContain('secret-value');
  });
});
