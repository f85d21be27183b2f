// The bin as a process: what it prints once it listens, and that nothing is left running after
// Ctrl+C, SIGTERM, SIGHUP, close(), or the death of the process that started it (pnpm 10 exits on
// SIGTERM without passing it on). A busy port is one line naming --port; the flags are in cli-flags.test.ts.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { spawnNode, waitFor } from '@merchant-ordering/test-kit/processes';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/merchant-ordering-sandbox.js', import.meta.url));
const entry = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const started: number[] = [];

beforeAll(() => {
  if (!existsSync(bin)) throw new Error('dist/ is missing: run `pnpm --filter @merchant-ordering/sandbox build` first (turbo does)');
});
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

async function startBin(args: string[] = ['--port', '0', '--payments', '50']) {
  const run = spawnNode([bin, ...args]);
  started.push(run.child.pid!);
  await waitFor(() => run.output.stdout.includes('Ctrl+C stops it.'), `the banner (stderr: ${run.output.stderr})`, 30_000);
  const port = Number(/Base URL +http:\/\/127\.0\.0\.1:([0-9]+)/.exec(run.output.stdout)![1]);
  return { ...run, port };
}

describe('once it listens', () => {
  it('prints its base URL, the credentials and a curl that works as printed', async () => {
    const { output, port, child } = await startBin();
    expect(output.stdout).toMatch(new RegExp(`Base URL +http://127\\.0\\.0\\.1:${port}\\n`));
    expect(output.stdout).toMatch(/Merchant ID +32\n/);
    expect(output.stdout).toMatch(/Secret Key +abcdefgh\n/);
    const curl = output.stdout.slice(output.stdout.indexOf('curl '), output.stdout.indexOf('Ctrl+C')).trim();
    const { stdout } = await promisify(execFile)('sh', ['-c', curl]);
    const page = JSON.parse(stdout);
    expect(page.limit).toBe(2);
    expect(page.results.every((payment: { status: string }) => payment.status === 'APPROVED')).toBe(true);
    child.kill('SIGTERM');
  });
});

describe('stopping', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('%s stops it: exit code 0 and the port closed', async (signal) => {
    const { child, exited, port } = await startBin();
    child.kill(signal);
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await refuses(port)).toBe(true);
  });

  it('SIGTERM stops it while a request is stalled (the stalled connection is ended too)', async () => {
    const { child, exited, port } = await startBin();
    const stalled = fetch(`http://127.0.0.1:${port}/ping`, { headers: { 'Sandbox-Fault': 'stall' } }).then(
      () => 'answered',
      () => 'ended',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await stalled).toBe('ended');
  });

  it('close() leaves nothing running: a process that only started and closed a sandbox ends by itself', { timeout: 30_000 }, async () => {
    const script = `
      const { startSandbox } = await import(${JSON.stringify(entry)});
      const sandbox = await startSandbox({ payments: 10 });
      const stalled = fetch(sandbox.url + '/ping', { headers: { 'Sandbox-Fault': 'stall' } }).catch(() => {});
      const delayed = fetch(sandbox.url + '/ping', { headers: { 'Sandbox-Fault': 'delay=30000' } }).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sandbox.close();
      await Promise.all([stalled, delayed]);
      console.log('closed');`;
    const run = spawnNode(['--input-type=module', '-e', script]);
    started.push(run.child.pid!);
    // Well under the 30 s delay that a timer left armed would keep the process alive for.
    const timeout = new Promise((resolve) => setTimeout(() => resolve('still running after 15 s'), 15_000));
    expect(await Promise.race([run.exited, timeout]), run.output.stderr).toEqual({ code: 0, signal: null });
    expect(run.output.stdout.trim()).toBe('closed');
  });

  it('exits by itself when the process that started it dies without passing SIGTERM on (as pnpm 10 does)', async () => {
    // The intermediate plays pnpm: it starts the bin, reports its pid, and dies on SIGTERM.
    const intermediate = `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, [${JSON.stringify(bin)}, '--port', '0', '--payments', '10'], { stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.on('data', (chunk) => { if (String(chunk).includes('Ctrl+C')) console.log('PID ' + child.pid); });`;
    const parent = spawnNode(['-e', intermediate]);
    started.push(parent.child.pid!);
    const pid = Number(await waitFor(() => /PID ([0-9]+)/.exec(parent.output.stdout)?.[1], 'the sandbox pid', 30_000));
    started.push(pid);
    parent.child.kill('SIGTERM');
    await parent.exited;
    expect(alive(pid)).toBe(true); // it did not get the signal
    await waitFor(() => !alive(pid), 'the orphaned sandbox to exit');
  });
});

describe('starting', () => {
  it('a busy port is one line on stderr naming --port, exit 1, no stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const run = spawnNode([bin, '--port', String(port)]);
      expect(await run.exited).toEqual({ code: 1, signal: null });
      const lines = run.output.stderr.trim().split('\n');
      expect(lines).toEqual([
        `merchant-ordering-sandbox: port ${port} on 127.0.0.1 is already in use: choose another with --port <n> (--port 0 picks a free one)`,
      ]);
      expect(run.output.stdout).toBe('');
    } finally {
      blocker.close();
    }
  });

  it('--host sets the interface it listens on and the URL it prints', async () => {
    // Linux routes all of 127.0.0.0/8 to loopback, so 127.0.0.2 is a second local interface.
    const run = spawnNode([bin, '--port', '0', '--host', '127.0.0.2', '--payments', '1']);
    started.push(run.child.pid!);
    const url = String(
      await waitFor(() => /Base URL +(http:\/\/127\.0\.0\.2:[0-9]+)\n/.exec(run.output.stdout)?.[1], `the banner (stderr: ${run.output.stderr})`, 30_000),
    );
    expect(await (await fetch(`${url}/ping`)).text()).toBe('pong');
    expect(await refuses(Number(new URL(url).port))).toBe(true); // not on 127.0.0.1
    run.child.kill('SIGTERM');
  });

  it('--payments, --seed, --merchant-id and --secret-key shape the instance', async () => {
    const { port, child } = await startBin(['--port', '0', '--payments', '7', '--seed', 'abc', '--merchant-id', 'm1', '--secret-key', 'k1']);
    const response = await fetch(`http://127.0.0.1:${port}/v2/payments`, { headers: { Authorization: `Basic ${Buffer.from('m1:k1').toString('base64')}` } });
    expect((await response.json()).totalResults).toBe(7);
    child.kill('SIGTERM');
  });
});
