// merchant-ordering-contract and each command: --help and -h print the usage and exit 0 before
// anything runs, --version prints the package's version, and anything wrong on the command line is one
// line on stderr naming it, with exit 2. In process (lib/commands.js, as lib/cli.js runs it), so that a
// mutant there can be killed; bin.test.mjs checks the process around it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../lib/commands.js';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

/** What the bin would print and exit with: each message is a line of its stream, as console writes it. */
async function contract(...args) {
  let stdout = '';
  let stderr = '';
  const code = await runCommand(args, { out: (text) => (stdout += `${text}\n`), err: (text) => (stderr += `${text}\n`) });
  return { code, stdout, stderr };
}

const OPTIONS = {
  verify: ['--base-url <url>', '--spec <file>', '--scenarios <file>', '--json', '--junit <file>', '--max-response-bytes <bytes>', '--timeout <seconds>'],
  breaking: ['--base <file>', '--head <file>', '--changelog <file>', '--json'],
  vectors: ['--json'],
};

describe('--help', () => {
  it.each([['--help'], ['-h'], ['help']])('%s lists every command and exits 0', async (flag) => {
    const { code, stdout, stderr } = await contract(flag);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    for (const command of Object.keys(OPTIONS)) expect(stdout).toContain(`merchant-ordering-contract ${command} `);
  });

  it.each(
    Object.keys(OPTIONS).flatMap((command) => [
      [command, '--help'],
      [command, '-h'],
    ]),
  )('%s %s lists every option of the command and exits 0, asking for nothing else', async (command, flag) => {
    const { code, stdout, stderr } = await contract(command, flag);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.startsWith(`usage: merchant-ordering-contract ${command}`)).toBe(true);
    for (const option of [...OPTIONS[command], '-h, --help', '--version']) expect(stdout).toContain(`  ${option}  `);
  });

  it('wins over a bad flag beside it, and so does help <command>', async () => {
    expect(await contract('verify', '--nope', '--help')).toMatchObject({ code: 0, stderr: '' });
    const { code, stdout } = await contract('help', 'breaking');
    expect({ code, first: stdout.split('\n')[0] }).toEqual({
      code: 0,
      first: 'usage: merchant-ordering-contract breaking --base <old spec> --head <new spec> [options]',
    });
  });
});

describe('--version', () => {
  it.each([['--version'], ['verify', '--version'], ['breaking', '--version'], ['vectors', '--version']])(
    "%s %s prints the contract package's version",
    async (...args) => {
      expect(await contract(...args)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    },
  );
});

describe('anything wrong on the command line: one line naming it, exit 2', () => {
  const LOCAL = 'http://127.0.0.1:9';
  it.each([
    [[], 'which command? verify, breaking, vectors (merchant-ordering-contract --help)'],
    [['verfy'], 'unknown command "verfy"; the commands are verify, breaking, vectors (merchant-ordering-contract --help)'],
    [['verify', '--base-url', LOCAL, '--nope'], 'unknown flag --nope (see merchant-ordering-contract verify --help)'],
    [['verify', '-x'], 'unknown flag -x (see merchant-ordering-contract verify --help)'],
    [['breaking', '--base-url', 'x'], 'unknown flag --base-url (see merchant-ordering-contract breaking --help)'],
    [['vectors', '--all'], 'unknown flag --all (see merchant-ordering-contract vectors --help)'],
    [['verify', '--base-url'], '--base-url needs a value: --base-url <url>'],
    [['verify', '--base-url', '--json'], '--base-url needs a value: --base-url <url>'],
    [['verify', '--base-url', LOCAL, '--json=yes'], '--json takes no value'],
    [['verify', '--base-url', LOCAL, 'extra'], 'unexpected argument "extra" (see merchant-ordering-contract verify --help)'],
    [['verify'], 'verify needs --base-url <url>'],
    [['verify', '--base-url', 'localhost:4010'], '--base-url: "localhost:4010" is not an http or https URL'],
    [['verify', '--base-url', 'not a url'], '--base-url: "not a url" is not a URL'],
    [['verify', '--base-url', 'http://32:abcdefgh@127.0.0.1:9'], '--base-url: must not hold credentials (user:password@); set MERCHANT_ID and SECRET_KEY'],
    [['verify', '--base-url', `${LOCAL}/?x=1`], `--base-url: "${LOCAL}/?x=1" has a query or a fragment; give the URL that /ping and /v2/... follow`],
    [['verify', '--base-url', LOCAL, '--timeout', 'abc'], '--timeout: "abc" is not a number of seconds above 0 and at most 2147483'],
    [['verify', '--base-url', LOCAL, '--timeout', '0'], '--timeout: "0" is not a number of seconds above 0 and at most 2147483'],
    [['verify', '--base-url', LOCAL, '--timeout', '-5'], '--timeout: "-5" is not a number of seconds above 0 and at most 2147483'],
    [['verify', '--base-url', LOCAL, '--timeout', '9999999'], '--timeout: "9999999" is not a number of seconds above 0 and at most 2147483'],
    [['verify', '--base-url', LOCAL, '--timeout', '2147484'], '--timeout: "2147484" is not a number of seconds above 0 and at most 2147483'],
    [['verify', '--base-url', LOCAL, '--timeout', ' '], '--timeout: " " is not a number of seconds above 0 and at most 2147483'],
    [['verify', '--base-url', LOCAL, '--max-response-bytes', '16MiB'], '--max-response-bytes: "16MiB" is not a whole number of bytes from 1 to 268435456'],
    [['verify', '--base-url', LOCAL, '--max-response-bytes', '0'], '--max-response-bytes: "0" is not a whole number of bytes from 1 to 268435456'],
    [['verify', '--base-url', LOCAL, '--max-response-bytes', '1e6'], '--max-response-bytes: "1e6" is not a whole number of bytes from 1 to 268435456'],
    [
      ['verify', '--base-url', LOCAL, '--max-response-bytes', '268435457'],
      '--max-response-bytes: "268435457" is not a whole number of bytes from 1 to 268435456',
    ],
    [['verify', '--base-url', LOCAL, '--spec', '/nonexistent/openapi.json'], '--spec: /nonexistent/openapi.json is not a file'],
    [['verify', '--base-url', LOCAL, '--scenarios', '/tmp'], '--scenarios: /tmp is not a file'],
    [['verify', '--base-url', LOCAL, '--junit', '/tmp'], '--junit: /tmp is a folder'],
    [['verify', '--base-url', LOCAL, '--junit'], '--junit needs a value: --junit <file>'],
    [['breaking', '--base', 'a.json'], 'breaking needs --base <old spec> and --head <new spec>'],
    [['breaking', '--base', '/nonexistent/a.json', '--head', '/nonexistent/b.json'], '--base: /nonexistent/a.json is not a file'],
  ])('%j', async (args, line) => {
    expect(await contract(...args)).toEqual({ code: 2, stdout: '', stderr: `merchant-ordering-contract: ${line}\n` });
  });

  it.each([
    ['--timeout', '2147483'],
    ['--timeout', '0.5'],
    ['--max-response-bytes', '268435456'],
    ['--max-response-bytes', '1'],
  ])('%s %s, at the edge of what is allowed, is taken: the run starts (and finds nothing listening)', async (flag, value) => {
    const { code, stderr } = await contract('verify', '--base-url', LOCAL, flag, value);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^merchant-ordering-contract: could not run: /);
    expect(stderr).not.toContain(flag);
  });

  it("names a description that does not parse in one line, though the YAML parser's message quotes several", async () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'broken-spec-')), 'openapi.yaml');
    writeFileSync(broken, 'openapi: 3.1.0\ninfo: [\n  title: x\n');
    const { code, stdout, stderr } = await contract('breaking', '--base', broken, '--head', broken);
    expect({ code, stdout, lines: stderr.split('\n').length }).toEqual({ code: 2, stdout: '', lines: 2 });
    expect(stderr).toMatch(/^merchant-ordering-contract: could not run: \S/);
    rmSync(dirname(broken), { recursive: true, force: true });
  });
});
