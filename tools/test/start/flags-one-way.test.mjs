// Flags read one way (issue 29): every bin of ours and the repository's own commands answer --help and
// --version with exit 0 (--version: the version alone, of the package the command ships in; the API
// description's for the repository's commands), and a bad flag in one line on stderr naming it, with
// exit 2, never echoing the value given to it. One reader does it, read-flags.js, shipped as is by
// each package with a bin (a bin cannot depend on a private package): the copies are byte for byte the
// sandbox's, which `pnpm sandbox` and tools/command-line.mjs run from source.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../release/packages.mjs';

const SOURCE = 'packages/sandbox/src/hosts/node/read-flags.js';
const COPIES = ['packages/cli/src/read-flags.js', 'packages/mcp/src/read-flags.js', 'packages/contract/lib/read-flags.js'];

const versionOf = (path) => JSON.parse(readFileSync(join(repoRoot, path, 'package.json'), 'utf8')).version;
// The machine's Node (20.19 or later, the oldest the packages support) where there is one, so that
// `pnpm sandbox` is seen answering from source on it; else the workspace's.
const machineNode = ['/usr/bin/node', '/usr/local/bin/node'].find(existsSync) ?? process.execPath;

/**
 * Each command: how to run it, the prefix of its messages, the command its hint sends to --help, and
 * the version its --version prints.
 */
const COMMANDS = [
  ['merchant-ordering', [process.execPath, 'packages/cli/bin/merchant-ordering.js'], 'merchant-ordering', versionOf('packages/cli')],
  [
    'merchant-ordering payments list',
    [process.execPath, 'packages/cli/bin/merchant-ordering.js', 'payments', 'list'],
    'merchant-ordering',
    versionOf('packages/cli'),
  ],
  ['merchant-ordering-mcp', [process.execPath, 'packages/mcp/bin/merchant-ordering-mcp.js'], 'merchant-ordering-mcp', versionOf('packages/mcp')],
  ['merchant-ordering-contract', [process.execPath, 'packages/contract/lib/cli.js'], 'merchant-ordering-contract', versionOf('packages/contract')],
  [
    'merchant-ordering-contract verify',
    [process.execPath, 'packages/contract/lib/cli.js', 'verify'],
    'merchant-ordering-contract',
    versionOf('packages/contract'),
  ],
  [
    'merchant-ordering-sandbox',
    [process.execPath, 'packages/sandbox/bin/merchant-ordering-sandbox.js'],
    'merchant-ordering-sandbox',
    versionOf('packages/sandbox'),
  ],
  ['merchant-ordering-sandbox', [machineNode, 'tools/sandbox.mjs'], 'merchant-ordering-sandbox', versionOf('packages/sandbox')],
  ['pnpm start', [process.execPath, 'tools/start.mjs'], 'pnpm start', versionOf('spec')],
  ['pnpm bench', [process.execPath, 'tools/bench/run.mjs'], 'pnpm bench', versionOf('spec')],
].map(([command, [node, ...args], prefix, version]) => ({ command, node, args, prefix, version, name: `${command} (${args.join(' ')})` }));

/** Runs a command with more arguments: its exit code and output, as a user sees them. */
function run({ node, args }, more) {
  return new Promise((resolve) => {
    execFile(node, [...args, ...more], { cwd: repoRoot, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

describe('read-flags.js', () => {
  it.each(COPIES)("%s is the sandbox's, byte for byte", (copy) => {
    expect(readFileSync(join(repoRoot, copy), 'utf8')).toBe(readFileSync(join(repoRoot, SOURCE), 'utf8'));
  });
});

describe.each(COMMANDS)('$name', (command) => {
  it.each([['--help'], ['-h']])('%s prints the usage on stdout, exit 0', async (flag) => {
    const { code, stdout, stderr } = await run(command, [flag]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/usage/i);
  });

  it('--version prints its version alone, exit 0', async () => {
    expect(await run(command, ['--version'])).toEqual({ code: 0, stdout: `${command.version}\n`, stderr: '' });
  });

  it.each([[['--bogus']], [['--bogus=secretvalue']], [['--bogus', 'secretvalue']]])(
    '%j is one line on stderr naming --bogus, exit 2, the value never shown',
    async (flags) => {
      const { code, stdout, stderr } = await run(command, flags);
      expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: `${command.prefix}: unknown flag --bogus (see ${command.command} --help)\n` });
    },
  );

  it('--help wins over a bad flag beside it', async () => {
    const { code, stderr } = await run(command, ['--bogus=secretvalue', '--help']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});

describe.each(COMMANDS.filter(({ prefix }) => prefix !== 'pnpm start' && prefix !== 'pnpm bench' && prefix !== 'merchant-ordering-sandbox'))(
  '$name, which reads credentials from the environment',
  (command) => {
    it.each([[['--secret-key=secretvalue']], [['--merchant-id', 'secretvalue']]])(
      '%j is refused in one line, pointing to where credentials go, without the value',
      async (flags) => {
        const { code, stdout, stderr } = await run(command, flags);
        expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
        expect(stderr).toMatch(
          new RegExp(`^${command.prefix}: ${flags[0].replace(/=.*/, '')}: credentials are never read from flags .*MERCHANT_ID and SECRET_KEY.*\n$`),
        );
        expect(stderr).not.toContain('secretvalue');
      },
    );
  },
);

// The two shell scripts read their one flag with `case`, in the same words.
describe.each([
  ['tools/setup.sh', 'bash tools/setup.sh'],
  ['tools/workflow-lint/run.sh', 'pnpm lint:workflows'],
])('%s', (script, command) => {
  it('names a bad flag in one line without its value, exit 2, and runs nothing', async () => {
    const prefix = command.startsWith('bash ') ? script : command;
    expect(await run({ node: 'bash', args: [script] }, ['--bogus=secretvalue'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `${prefix}: unknown flag --bogus (see ${command} --help)\n`,
    });
  });
});
