// `pnpm start`'s command line, through the root script exactly as written: --help/-h, --version (the
// description's), an unknown flag or a bad value in one line with exit 2, and one line naming both
// ports when both are busy. Each answers before anything is built: the flags and the ports are read
// before turbo runs, so none of these runs prints turbo's output.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../../release/packages.mjs';

const rootScripts = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts;
const descriptionVersion = parse(readFileSync(join(repoRoot, 'spec/openapi.yaml'), 'utf8')).info.version;
// The root script, run by pnpm from the repository, in a package of its own (no other root script).
const fixture = mkdtempSync(join(tmpdir(), 'pnpm-start-flags-'));
writeFileSync(
  join(fixture, 'package.json'),
  JSON.stringify({ name: 'pnpm-start-flags', private: true, scripts: { start: `cd '${repoRoot}' && ${rootScripts.start}` } }),
);
mkdirSync(join(fixture, 'node_modules')); // else pnpm warns that the fixture was never installed
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

/** `pnpm start ...args`: exit code, and the lines that are the command's own (pnpm's `> script` header and ELIFECYCLE aside). */
async function pnpmStart(args, env = {}) {
  const own = (text) => text.split('\n').filter((line) => line.trim() && !line.startsWith('> ') && !/ELIFECYCLE/.test(line));
  const options = { cwd: fixture, env: { ...process.env, FORCE_COLOR: '0', DOCS_PORT: '0', SANDBOX_PORT: '0', ...env }, timeout: 60_000 };
  try {
    const { stdout, stderr } = await promisify(execFile)('pnpm', ['start', ...args], options);
    return { code: 0, stdout: own(stdout), stderr: own(stderr) };
  } catch (error) {
    return { code: error.code, stdout: own(error.stdout), stderr: own(error.stderr) };
  }
}

const TURBO_RAN = /Packages in scope|Tasks:|cache (hit|miss)/;
const noBuild = (run) => expect([...run.stdout, ...run.stderr].filter((line) => TURBO_RAN.test(line))).toEqual([]);

describe('pnpm start', () => {
  it.each([['--help'], ['-h']])('%s prints the usage, with every option, and exits 0 before building', async (flag) => {
    const run = await pnpmStart([flag]);
    expect(run.code).toBe(0);
    expect(run.stdout[0]).toMatch(/^usage: pnpm start /);
    for (const option of ['--docs-port', '--sandbox-port', '--no-build', '--version', '--help']) expect(run.stdout.join('\n')).toContain(option);
    expect(run.stderr).toEqual([]);
    noBuild(run);
  });

  it("--version prints the API description's version (info.version) and exits 0", async () => {
    expect(await pnpmStart(['--version'])).toEqual({ code: 0, stdout: [descriptionVersion], stderr: [] });
  });

  it.each([
    [['--verbose'], /^pnpm start: unknown flag --verbose \(see pnpm start --help\)$/],
    [['--docs-port'], /^pnpm start: --docs-port needs a value: --docs-port <port>$/],
    [['--docs-port', 'abc'], /^pnpm start: --docs-port "abc" is not a port number \(0 to 65535; 0 picks a free one\)$/],
    [['--sandbox-port', '65536'], /^pnpm start: --sandbox-port "65536" is not a port number /],
    [['serve'], /^pnpm start: unexpected argument "serve" /],
  ])('%j is one line naming it, exit 2, before building', async (args, line) => {
    const run = await pnpmStart(args);
    expect(run).toEqual({ code: 2, stdout: [], stderr: [expect.stringMatching(line)] });
  });

  it('a bad DOCS_PORT or SANDBOX_PORT is one line naming the variable, exit 2', async () => {
    expect(await pnpmStart([], { DOCS_PORT: '80a' })).toEqual({
      code: 2,
      stdout: [],
      stderr: [expect.stringMatching(/^pnpm start: DOCS_PORT "80a" is not a port number/)],
    });
    expect(await pnpmStart([], { SANDBOX_PORT: '-1' })).toEqual({
      code: 2,
      stdout: [],
      stderr: [expect.stringMatching(/^pnpm start: SANDBOX_PORT "-1" is not a port number/)],
    });
  });

  it('with both ports busy, one line names both ports and how to move each, exit 1, before building', async () => {
    const blockers = await Promise.all(
      [0, 1].map(
        () =>
          new Promise((listening) => {
            const server = createServer();
            server.listen(0, '127.0.0.1', () => listening(server));
          }),
      ),
    );
    try {
      const [docs, sandbox] = blockers.map((server) => server.address().port);
      const run = await pnpmStart([], { DOCS_PORT: String(docs), SANDBOX_PORT: String(sandbox) });
      expect(run.code).toBe(1);
      expect(run.stdout).toEqual([]);
      expect(run.stderr).toHaveLength(1);
      const [line] = run.stderr;
      expect(line).toMatch(new RegExp(`^Ports ${docs} and ${sandbox} are in use, so the docs site and the sandbox cannot start`));
      for (const setting of ['DOCS_PORT or --docs-port', 'SANDBOX_PORT or --sandbox-port']) expect(line).toContain(setting);
      noBuild(run);
    } finally {
      for (const server of blockers) server.close();
    }
  });
});
