// The bin's command line read in this process (src/hosts/node/options.js): the settings each flag sets
// and the defaults it starts from, the form of each value it checks itself (the ranges are
// startSandbox's), the usage, and what it prints without running. test/process/cli-flags runs the bin.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerWithoutRunning, readCommandLine, usage, version } from '../../src/hosts/node/options.js';

describe('readCommandLine', () => {
  it('starts from the defaults: port 4011 on 127.0.0.1, the worked example credentials, 1000 payments, seed 1, no faults', () => {
    expect(readCommandLine([])).toEqual({
      kind: 'run',
      settings: { port: 4011, host: '127.0.0.1', merchantId: '32', secretKey: 'abcdefgh', payments: 1000, seed: 1, faults: '', corsOrigins: [], evolve: false },
    });
  });

  it('sets each setting from its flag: numbers as numbers, a seed of digits as a number, the origins split on commas and trimmed', () => {
    const args = ['--port', '0', '--host', '::1', '--merchant-id', 'm-1', '--secret-key', 'k', '--payments', '25', '--seed', '0042'];
    const more = ['--faults', '429:0.1', '--cors-origins', ' https://a.example , *', '--evolve'];
    expect(readCommandLine([...args, ...more])).toEqual({
      kind: 'run',
      settings: {
        port: 0,
        host: '::1',
        merchantId: 'm-1',
        secretKey: 'k',
        payments: 25,
        seed: 42,
        faults: '429:0.1',
        corsOrigins: ['https://a.example', '*'],
        evolve: true,
      },
    });
    expect(readCommandLine(['--seed', 'demo-7'])).toMatchObject({ settings: { seed: 'demo-7' } });
  });

  it('answers --help, --version and a flag it does not know without settings', () => {
    expect([readCommandLine(['--port', 'x', '--help']), readCommandLine(['--version']), readCommandLine(['--nope'])]).toEqual([
      { kind: 'help' },
      { kind: 'version' },
      { kind: 'error', message: 'unknown flag --nope (see merchant-ordering-sandbox --help)' },
    ]);
  });

  it.each(['x', '1a', 'a1', '-1', '8.5', ''])('refuses --port %j: not digits', (port) => {
    expect(readCommandLine(['--port', port, '--payments', '7'])).toEqual({
      kind: 'error',
      message: `--port: "${port}" is not a port number (0 picks a free one)`,
    });
  });

  it.each(['-5', '1e3', 'ten'])('refuses --payments %j: not a whole number', (payments) => {
    expect(readCommandLine([`--payments=${payments}`])).toEqual({ kind: 'error', message: `--payments: "${payments}" is not a whole number` });
  });
});

describe('usage', () => {
  it('lists every flag, its value and help aligned, and each default that is not empty', () => {
    expect(usage()).toBe(`usage: merchant-ordering-sandbox [flags]

Serves a sandbox of the Merchant Online Ordering API and prints how to call it. Ctrl+C stops it.

  --port <n>             the port; 0 picks a free one (default 4011)
  --host <host>          the interface to listen on (default 127.0.0.1)
  --merchant-id <id>     the Merchant ID it accepts, without a colon (default 32)
  --secret-key <key>     the Secret Key it accepts (default abcdefgh)
  --payments <n>         how many payments the seeded dataset has (default 1000)
  --seed <seed>          the same seed gives the same payments and random faults (default 1)
  --faults <list>        random faults, e.g. 429:0.1,503:0.05,insert:0.1
  --cors-origins <list>  origins whose web pages may call it, besides loopback ones and the hosted docs; * for any
  --evolve               the service after releases a client has not caught up with: unknown fields and values
  -h, --help             print this help and exit
  --version              print the version and exit`);
  });
});

describe('answerWithoutRunning', () => {
  const answered = (line: Parameters<typeof answerWithoutRunning>[0]) => {
    const printed = { log: [] as string[], error: [] as string[] };
    const code = answerWithoutRunning(line, { log: (text) => printed.log.push(text), error: (text) => printed.error.push(text) });
    return { code, ...printed };
  };

  it("prints the usage or the sandbox package's version on stdout, exit 0, and a mistake on stderr after the command's name, exit 2", () => {
    const { version: packageVersion } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(version()).toBe(packageVersion);
    expect([answered({ kind: 'help' }), answered({ kind: 'version' }), answered({ kind: 'error', message: '--port needs a value' })]).toEqual([
      { code: 0, log: [usage()], error: [] },
      { code: 0, log: [packageVersion], error: [] },
      { code: 2, log: [], error: ['merchant-ordering-sandbox: --port needs a value'] },
    ]);
  });
});
