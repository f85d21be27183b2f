// The other commands of ours that the README tells a user to run answer like `pnpm start`, through
// their root scripts exactly as written (run as pnpm runs them, without pnpm's own start-up): --help/-h prints the usage and exits 0, --version prints the
// description's version, an unknown flag is one line naming it with exit 2; and each answers before it
// installs or builds anything (tools/command-line.mjs reads the flags first).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../../release/packages.mjs';

const rootScripts = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts;
const descriptionVersion = parse(readFileSync(join(repoRoot, 'spec/openapi.yaml'), 'utf8')).info.version;
// test:schemathesis hands every other flag to Schemathesis, so only its help and version are its own.
const COMMANDS = [
  'test:typescript',
  'test:runtimes',
  'bench',
  'release:dry',
  'generate',
  'lint:workflows',
  'test:breaking',
  'test:schemathesis',
  'test:mutation',
  'check:mutation',
];
const OWN_FLAGS_ONLY = COMMANDS.filter((command) => command !== 'test:schemathesis');

/**
 * Runs a root script with `args` appended, as pnpm runs it (`sh -c` in the repository; pnpm itself
 * only adds its `> script` header): exit code and the command's own lines.
 */
async function runScript(command, args) {
  const own = (text) => text.split('\n').filter((line) => line.trim());
  const line = `${rootScripts[command]} ${args.join(' ')}`;
  try {
    const { stdout, stderr } = await promisify(execFile)('sh', ['-c', line], { cwd: repoRoot, env: { ...process.env, FORCE_COLOR: '0' }, timeout: 60_000 });
    return { code: 0, stdout: own(stdout), stderr: own(stderr) };
  } catch (error) {
    return { code: error.code, stdout: own(error.stdout ?? ''), stderr: own(error.stderr ?? '') };
  }
}

const INSTALLED_OR_BUILT = /Packages in scope|Tasks:|cache (hit|miss)|Lockfile is up to date|Progress: resolved/;

describe.each(COMMANDS)('pnpm %s', (command) => {
  it.each(command === 'generate' ? [['--help'], ['-h']] : [['--help']])(
    '%s prints the usage and exits 0, before installing or building anything',
    async (flag) => {
      const run = await runScript(command, [flag]);
      expect(run.code).toBe(0);
      expect(run.stdout[0]).toBe(`usage: pnpm ${command}${run.stdout[0].slice(`usage: pnpm ${command}`.length)}`);
      expect(run.stdout.join('\n')).toMatch(/-h, --help/);
      expect([...run.stdout, ...run.stderr].filter((line) => INSTALLED_OR_BUILT.test(line))).toEqual([]);
    },
  );

  it("--version prints the API description's version", async () => {
    expect(await runScript(command, ['--version'])).toEqual({ code: 0, stdout: [descriptionVersion], stderr: [] });
  });
});

describe.each(OWN_FLAGS_ONLY)('pnpm %s', (command) => {
  it('an unknown flag is one line naming it, exit 2', async () => {
    const run = await runScript(command, ['--no-such-flag']);
    expect(run).toEqual({ code: 2, stdout: [], stderr: [`pnpm ${command}: unknown flag --no-such-flag (see pnpm ${command} --help)`] });
  });
});

describe('bash tools/setup.sh', () => {
  const setup = async (...args) => {
    try {
      const { stdout, stderr } = await promisify(execFile)('bash', [join(repoRoot, 'tools/setup.sh'), ...args]);
      return { code: 0, stdout, stderr };
    } catch (error) {
      return { code: error.code, stdout: error.stdout, stderr: error.stderr };
    }
  };

  it('--help prints the usage and installs nothing; an unknown flag is one line, exit 2', async () => {
    const help = await setup('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: bash tools\/setup\.sh\n/);
    expect(await setup('--no-such-flag')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tools/setup.sh: unknown flag --no-such-flag (see bash tools/setup.sh --help)\n',
    });
  });
});
