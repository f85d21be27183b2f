// `pnpm start` and `pnpm sandbox` are well-behaved processes: Ctrl+C (SIGINT to the process group) and
// SIGTERM to our process stop everything with exit 0 and no pnpm ELIFECYCLE banner; SIGTERM to the
// pnpm process itself (which pnpm 10 does not pass on) still leaves nothing running within seconds;
// a busy port is one line naming the setting to change. `pnpm start` serves the docs and the sandbox
// and prints a curl that works.
//
// pnpm runs the server half of each root script (everything after its build step; `pnpm start` with
// --no-build) from a throwaway package, so these tests do not rebuild the workspace while other tests
// read it.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../release/packages.mjs';
import { isAlive, liveDescendantsOf, waitFor } from '@merchant-ordering/test-kit/processes';

const rootScripts = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts;
const SERVERS = {
  // start.mjs reads its flags, then builds (turbo run bundle build) unless told --no-build, then serves.
  start: 'exec node tools/start.mjs',
  sandbox: 'exec node packages/sandbox/dist/cli.js',
};
const fixture = mkdtempSync(join(tmpdir(), 'pnpm-start-'));
writeFileSync(
  join(fixture, 'package.json'),
  JSON.stringify({
    name: 'pnpm-start-fixture',
    private: true,
    scripts: Object.fromEntries(Object.entries(SERVERS).map(([name, server]) => [name, `cd '${repoRoot}' && ${server}`])),
  }),
);
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

const started = [];
afterEach(() => {
  for (const pid of started.splice(0))
    for (const target of [pid, ...liveDescendantsOf(pid)]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // gone
      }
    }
});

/** `pnpm <script>` in its own process group (as a terminal runs it); `exited` gives its code. */
function pnpmRun(script, { env = {}, args = [] } = {}) {
  const pnpm = spawn('pnpm', [script, ...args], {
    cwd: fixture,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DOCS_PORT: '0', SANDBOX_PORT: '0', FORCE_COLOR: '0', ...env },
  });
  started.push(pnpm.pid);
  const output = { stdout: '', stderr: '' };
  pnpm.stdout.on('data', (chunk) => (output.stdout += chunk));
  pnpm.stderr.on('data', (chunk) => (output.stderr += chunk));
  const exited = new Promise((resolve) => pnpm.once('exit', (code, signal) => resolve({ code, signal })));
  return { pnpm, output, exited };
}

const COMMANDS = {
  start: { args: ['--no-build'], banner: 'Ctrl+C stops both.', server: 'tools/start.mjs' },
  sandbox: { args: ['--port', '0'], banner: 'Ctrl+C stops it.', server: 'packages/sandbox/dist/cli.js' },
};

/** Waits for the banner; returns every process pnpm started, and ours among them. */
async function whenServing(run, command) {
  await waitFor(() => run.output.stdout.includes(COMMANDS[command].banner), `the banner\n${run.output.stderr}`, 60_000);
  const processes = liveDescendantsOf(run.pnpm.pid);
  const ours = processes.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(COMMANDS[command].server));
  return { processes, ours };
}

async function expectNothingLeft(pids) {
  await waitFor(() => pids.every((pid) => !isAlive(pid)), `processes ${pids} to exit`, 5000);
  expect(pids.filter(isAlive)).toEqual([]);
}

const ELIFECYCLE = /ELIFECYCLE/;

describe.each(Object.keys(COMMANDS))('pnpm %s', (command) => {
  it('runs its server with exec, so pnpm is its parent, after reading its flags', () => {
    // pnpm sandbox reads its flags first; tools/sandbox.mjs then builds and execs the same server
    // (sandbox-flags.test.mjs checks that it becomes the bin in the same process). tools/start.mjs
    // reads its flags, then builds and serves in the same process (start-command-line.test.mjs).
    if (command === 'sandbox') return expect(rootScripts.sandbox).toBe('exec node tools/sandbox.mjs');
    expect(rootScripts.start).toBe(`TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 ${SERVERS.start}`);
  });

  it('Ctrl+C (SIGINT to the process group) stops everything; exit 0 and no ELIFECYCLE banner', async () => {
    const run = pnpmRun(command, { args: COMMANDS[command].args });
    const { processes } = await whenServing(run, command);
    process.kill(-run.pnpm.pid, 'SIGINT');
    // Our process exits 0. pnpm sends it a second SIGINT of its own, and one that lands while it is
    // already exiting can end it by the signal; pnpm then ends itself by SIGINT too (seen once, at load,
    // in a clean-clone .ci/run). Either is how a shell sees Ctrl+C; an error code or another signal is not.
    expect([
      { code: 0, signal: null },
      { code: null, signal: 'SIGINT' },
    ]).toContainEqual(await run.exited);
    await expectNothingLeft(processes);
    expect(run.output.stderr + run.output.stdout).not.toMatch(ELIFECYCLE);
  });

  it('SIGTERM to our process stops everything; exit 0 and no ELIFECYCLE banner', async () => {
    const run = pnpmRun(command, { args: COMMANDS[command].args });
    const { processes, ours } = await whenServing(run, command);
    expect(ours).toBeGreaterThan(0);
    process.kill(ours, 'SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    await expectNothingLeft(processes);
    expect(run.output.stderr + run.output.stdout).not.toMatch(ELIFECYCLE);
  });

  it('SIGTERM to the pnpm process itself leaves nothing running within seconds (our process sees it is orphaned)', async () => {
    const run = pnpmRun(command, { args: COMMANDS[command].args });
    const { processes } = await whenServing(run, command);
    process.kill(run.pnpm.pid, 'SIGTERM');
    await run.exited;
    await expectNothingLeft(processes);
  });
});

/** A port held by another server for the length of `use`. */
async function withBusyPort(use) {
  const blocker = createServer();
  await new Promise((listening) => blocker.listen(0, '127.0.0.1', listening));
  try {
    return await use(String(blocker.address().port));
  } finally {
    blocker.close();
  }
}

/** Our lines on stderr (pnpm's ELIFECYCLE banner for the failed command aside). */
const ownLines = (run) => run.output.stderr.split('\n').filter((line) => line.trim() && !ELIFECYCLE.test(line));

describe('a busy port', () => {
  it.each([
    ['docs site', 'DOCS_PORT', '--docs-port'],
    ['sandbox', 'SANDBOX_PORT', '--sandbox-port'],
  ])('pnpm start: the %s port is one line naming %s and %s, no stack trace', async (_what, variable, flag) => {
    await withBusyPort(async (busy) => {
      const run = pnpmRun('start', { env: { [variable]: busy }, args: ['--no-build'] });
      expect((await run.exited).code).toBe(1);
      expect(ownLines(run)).toEqual([expect.stringContaining(`Port ${busy} is in use`)]);
      expect(ownLines(run)[0]).toContain(`${variable} or ${flag}`);
      expect(run.output.stdout).not.toMatch(/EADDRINUSE|\n\s+at /);
    });
  });

  it('pnpm sandbox: one line naming --port, no stack trace', async () => {
    await withBusyPort(async (busy) => {
      const run = pnpmRun('sandbox', { args: ['--port', busy] });
      expect((await run.exited).code).toBe(1);
      expect(ownLines(run)).toEqual([expect.stringMatching(new RegExp(`port ${busy} .*in use.*--port`))]);
    });
  });
});

describe('pnpm start output', () => {
  it('names the docs site and the sandbox, and its curl works against the sandbox', async () => {
    const run = pnpmRun('start', { args: ['--no-build'] });
    const { ours } = await whenServing(run, 'start');
    const docsUrl = /API reference \(docs site\):\s+(\S+)/.exec(run.output.stdout)[1];
    expect((await fetch(docsUrl)).status).toBe(200);
    expect(run.output.stdout).toMatch(/Sandbox of the Merchant Online Ordering API:\s+http:\/\/127\.0\.0\.1:\d+ /);
    const curl = /^ {2}curl -s -H 'Authorization[\s\S]*?%2B11:00'$/m.exec(run.output.stdout)[0].replace(/\\\n/g, ' ');
    const { stdout } = await promisify(execFile)('sh', ['-c', `${curl} -w '\\n%{http_code}'`]);
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('200');
    expect(JSON.parse(lines.slice(0, -1).join('\n')).results).toHaveLength(2);
    process.kill(ours, 'SIGTERM');
    await run.exited;
  });
});
