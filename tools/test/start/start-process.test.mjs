// `pnpm start` is a well-behaved process: it prints the docs and the mock with a curl that works; Ctrl+C
// (SIGINT to the process group) and SIGTERM to our process stop everything with exit 0 and no pnpm
// ELIFECYCLE banner; SIGTERM to the pnpm process itself (which pnpm 10 does not pass on) still leaves
// nothing running within seconds; a busy port is one line naming the setting to change.
//
// pnpm runs the server half of the root `start` script (everything after its build step) from a
// throwaway package, so these tests do not rebuild the workspace while other tests read it.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../release/packages.mjs';
import { isAlive, liveDescendantsOf, waitFor } from '../helpers/processes.mjs';

const BUILD_STEP = 'TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 turbo run bundle build && ';
const rootStart = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts.start;
const fixture = mkdtempSync(join(tmpdir(), 'pnpm-start-'));
writeFileSync(join(fixture, 'package.json'), JSON.stringify({
  name: 'pnpm-start-fixture',
  private: true,
  scripts: { start: `cd '${repoRoot}' && ${rootStart.slice(BUILD_STEP.length)}` },
}));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

const started = [];
afterEach(() => {
  for (const pid of started.splice(0)) for (const target of [pid, ...liveDescendantsOf(pid)]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

/** `pnpm start` in its own process group (as a terminal would run it); `exited` gives its code and output. */
function pnpmStart(env = {}) {
  const pnpm = spawn('pnpm', ['start'], {
    cwd: fixture,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DOCS_PORT: '0', MOCK_PORT: '0', FORCE_COLOR: '0', ...env },
  });
  started.push(pnpm.pid);
  const output = { stdout: '', stderr: '' };
  pnpm.stdout.on('data', (chunk) => (output.stdout += chunk));
  pnpm.stderr.on('data', (chunk) => (output.stderr += chunk));
  const exited = new Promise((resolve) => pnpm.once('exit', (code, signal) => resolve({ code, signal })));
  return { pnpm, output, exited };
}

/** Waits for the banner; returns the printed URLs and every process pnpm started (ours, Prism's). */
async function whenServing(run) {
  await waitFor(() => run.output.stdout.includes('Ctrl+C stops both.'), `pnpm start to print its banner\n${run.output.stderr}`, 60_000);
  const processes = liveDescendantsOf(run.pnpm.pid);
  const ours = processes.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('tools/start.mjs'));
  return {
    docsUrl: /API reference \(docs site\):\s+(\S+)/.exec(run.output.stdout)[1],
    mockUrl: /Mock of the Merchant Online Ordering API:\s+(\S+)/.exec(run.output.stdout)[1],
    processes,
    ours,
  };
}

async function expectNothingLeft(pids) {
  await waitFor(() => pids.every((pid) => !isAlive(pid)), `processes ${pids} to exit`, 5000);
  expect(pids.filter(isAlive)).toEqual([]);
}

const ELIFECYCLE = /ELIFECYCLE/;

describe('pnpm start', () => {
  it('runs its server as `exec node tools/start.mjs` after the build, so pnpm is its parent', () => {
    expect(rootStart).toBe(`${BUILD_STEP}exec node tools/start.mjs`);
  });

  it('serves the docs site and the mock, and prints a curl that works against the mock', async () => {
    const run = pnpmStart();
    const { docsUrl, mockUrl, ours } = await whenServing(run);
    expect((await fetch(docsUrl)).status).toBe(200);
    const curl = /^ {2}curl -s -H 'Authorization[\s\S]*?%2B11:00'$/m.exec(run.output.stdout)[0].replace(/\\\n/g, ' ');
    const { stdout } = await promisify(execFile)('sh', ['-c', `${curl} -w '\\n%{http_code}'`]);
    expect(stdout.trim().split('\n').at(-1)).toBe('200');
    expect(Array.isArray(JSON.parse(stdout.trim().split('\n').slice(0, -1).join('\n')).results)).toBe(true);
    expect(mockUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    process.kill(ours, 'SIGTERM');
    await run.exited;
  });

  it('Ctrl+C (SIGINT to the process group) stops everything; exit 0 and no ELIFECYCLE banner', async () => {
    const run = pnpmStart();
    const { processes } = await whenServing(run);
    process.kill(-run.pnpm.pid, 'SIGINT');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    await expectNothingLeft(processes);
    expect(run.output.stderr + run.output.stdout).not.toMatch(ELIFECYCLE);
  });

  it('SIGTERM to our process stops everything; exit 0 and no ELIFECYCLE banner', async () => {
    const run = pnpmStart();
    const { processes, ours } = await whenServing(run);
    process.kill(ours, 'SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    await expectNothingLeft(processes);
    expect(run.output.stderr + run.output.stdout).not.toMatch(ELIFECYCLE);
  });

  it('SIGTERM to the pnpm process itself leaves nothing running within seconds (our process sees it is orphaned)', async () => {
    const run = pnpmStart();
    const { processes } = await whenServing(run);
    process.kill(run.pnpm.pid, 'SIGTERM');
    await run.exited;
    await expectNothingLeft(processes);
  });

  it.each([
    ['docs site', 'DOCS_PORT', 'DOCS_PORT/--docs-port'],
    ['mock', 'MOCK_PORT', 'MOCK_PORT/--mock-port'],
  ])('a busy port for the %s is one line naming %s, no stack trace', async (_what, variable, setting) => {
    const blocker = createServer();
    await new Promise((listening) => blocker.listen(0, '127.0.0.1', listening));
    const busy = String(blocker.address().port);
    try {
      const run = pnpmStart({ [variable]: busy });
      const { code } = await run.exited;
      expect(code).toBe(1);
      const ours = run.output.stderr.split('\n').filter((line) => line.trim() && !ELIFECYCLE.test(line));
      expect(ours).toEqual([expect.stringContaining(`Port ${busy} is in use`)]);
      expect(ours[0]).toContain(setting);
      expect(run.output.stdout).not.toMatch(/EADDRINUSE|\n\s+at /);
    } finally {
      blocker.close();
    }
  });
});
