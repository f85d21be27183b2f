// The Prism started by the test kit's startPrism never outlives its owner: not after
// SIGINT, SIGTERM or SIGHUP, not after a crash, not when a vitest run times out or is killed by CI.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startPrism } from '@merchant-ordering/test-kit/prism';
import { liveMembersOf, spawnNode, waitFor } from '@merchant-ordering/test-kit/processes';
import { repoRoot } from '../../release/packages.mjs';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/prism-owner');
const vitestBin = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

const started = [];
afterEach(() => {
  // Whatever a failing test leaves, the next test starts clean.
  for (const { child } of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function startOwner(mode = 'wait') {
  const owner = spawnNode([join(fixtures, 'start-prism.mjs'), mode]);
  started.push(owner);
  return owner;
}

async function prismPidOf(owner) {
  return waitFor(() => Number(/PRISM (\d+)/.exec(owner.output.stdout)?.[1]), `Prism to start\n${owner.output.stderr}`, 60_000);
}

async function expectGroupGone(pgid) {
  await waitFor(() => liveMembersOf(pgid).length === 0, `Prism's process group ${pgid} to exit`);
  expect(liveMembersOf(pgid)).toEqual([]);
}

describe('startPrism cleanup', () => {
  it('stop() ends Prism and its process group', async () => {
    const prism = await startPrism({ spec: join(repoRoot, 'spec/dist/openapi.yaml') });
    expect(liveMembersOf(prism.pid)).toContain(prism.pid);
    await prism.stop();
    await expectGroupGone(prism.pid);
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'])('Prism is gone after its owner gets %s', async (signal) => {
    const owner = startOwner();
    const pid = await prismPidOf(owner);
    expect(liveMembersOf(pid)).toContain(pid);
    owner.child.kill(signal);
    await owner.exited;
    await expectGroupGone(pid);
  });

  it('Prism is gone after its owner crashes with an uncaught exception', async () => {
    const owner = startOwner('crash');
    const pid = await prismPidOf(owner);
    const { code } = await owner.exited;
    expect(code).not.toBe(0);
    expect(owner.output.stderr).toContain('planted crash');
    await expectGroupGone(pid);
  });

  it('Prism is gone after its owner dies of an unhandled rejection', async () => {
    const owner = startOwner('reject');
    const pid = await prismPidOf(owner);
    const { code } = await owner.exited;
    expect(code).not.toBe(0);
    await expectGroupGone(pid);
  });
});

describe('a vitest run that serves Prism from its global setup', () => {
  let scratch;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  function startRun(env) {
    scratch = mkdtempSync(join(tmpdir(), 'prism-owner-'));
    const pidFile = join(scratch, 'prism.pid');
    const run = spawnNode([vitestBin, 'run', '--root', fixtures, '--config', join(fixtures, 'vitest.config.mjs')], {
      env: { ...process.env, PRISM_PID_FILE: pidFile, ...env },
    });
    started.push(run);
    return { run, pid: () => waitFor(() => existsSync(pidFile) && Number(readFileSync(pidFile, 'utf8')), 'the run to start Prism', 60_000) };
  }

  it('leaves no Prism behind when CI kills it with SIGTERM mid-test', async () => {
    const { run, pid } = startRun({});
    const prismPid = await pid();
    run.child.kill('SIGTERM');
    await run.exited;
    await expectGroupGone(prismPid);
  });

  it('leaves no Prism behind when a test hits its timeout', async () => {
    const { run, pid } = startRun({ FIXTURE_TEST_TIMEOUT: '500' });
    const prismPid = await pid();
    const { code } = await run.exited;
    expect(code).toBe(1);
    expect(run.output.stdout + run.output.stderr).toMatch(/Test timed out in 500ms/);
    await expectGroupGone(prismPid);
  });
});
