// The bin's flags (issue 18): --help and -h print the usage and exit 0, --version prints the
// package's version, and a bad flag or value is one line on stderr naming it, exit 2. The flags are
// src/options.js's table, which `pnpm sandbox` also reads (tested in tools/test/start/).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spawnNode } from '@merchant-ordering/test-kit/processes';
import { describe, expect, it } from 'vitest';
import { FLAGS } from '../../src/hosts/node/options.js';

const bin = fileURLToPath(new URL('../../bin/merchant-ordering-sandbox.js', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

async function runBin(args: string[]) {
  const run = spawnNode([bin, ...args]);
  return { ...(await run.exited), ...run.output };
}

describe('--help', () => {
  it.each(['--help', '-h'])('%s prints the usage with every flag and its default, exit 0', async (flag) => {
    const { code, stdout, stderr } = await runBin([flag]);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toMatch(/^usage: merchant-ordering-sandbox \[flags\]\n/);
    for (const [name, spec] of Object.entries(FLAGS)) {
      // The flag, then at least two spaces before its help: none runs into its text.
      expect(stdout).toMatch(new RegExp(`--${name}${'value' in spec ? ` ${spec.value}` : ''} {2,}${spec.help.slice(0, 10)}`));
      if ('default' in spec && spec.default) expect(stdout).toContain(`(default ${spec.default})`);
    }
  });

  it('wins over the other flags, and starts nothing', async () => {
    const { code, stdout } = await runBin(['--port', '0', '--help']);
    expect(code).toBe(0);
    expect(stdout).not.toContain('Base URL');
  });
});

describe('--version', () => {
  it("prints the sandbox package's version, exit 0", async () => {
    expect(await runBin(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe('a bad flag or value', () => {
  it.each([
    [['--nope'], 'unknown flag --nope'],
    [['-x'], 'unknown flag -x'],
    [['--port'], '--port needs a value'],
    [['--port', 'abc'], '--port: "abc" is not a port number'],
    [['--port', '70000'], '--port: must be an integer from 0 to 65535'],
    [['--payments=-5'], '--payments: "-5" is not a whole number'],
    [['--payments', '2000000'], '--payments: must be an integer from 0 to 1000000'],
    [['--faults', '429:3'], '--faults: "429:3" is not <fault>:<probability from 0 to 1>'],
    [['--merchant-id', 'a:b'], '--merchant-id: must be a non-empty string without a colon'],
    [['--cors-origins', 'https://docs.example.com,docs.example.com'], '--cors-origins: "docs.example.com" is not an origin such as https://docs.example.com'],
    [['--help=yes'], '--help takes no value'],
    [['start'], 'unexpected argument "start"'],
  ])('%j: one line on stderr naming it, exit 2, nothing on stdout', async (args, message) => {
    const { code, stdout, stderr } = await runBin(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(new RegExp(`^merchant-ordering-sandbox: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
    ]);
  });
});
