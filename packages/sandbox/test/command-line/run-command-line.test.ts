// The bin's process (runCommandLine, which src/cli.ts calls with process, console and the orphan
// watch), in this process with a fake of each and a real sandbox on a free port: what it answers
// without running, how it fails to start, the banner, and how it stops. test/process runs the built bin.
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommandLine } from '../../src/hosts/node/cli.js';
import { usage, version } from '../../src/hosts/node/options.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** process as the command line sees it: signals are events the test emits, exit is recorded. */
class FakeProcess extends EventEmitter {
  exitCode: number | string | null | undefined;
  readonly stdout = new EventEmitter();
  readonly exits: number[] = [];
  readonly exited: Promise<void>;
  #exited!: () => void;
  constructor(readonly argv: string[]) {
    super();
    this.exited = new Promise((resolve) => (this.#exited = resolve));
  }
  exit(code: number) {
    this.exits.push(code);
    this.#exited();
  }
}

const running: FakeProcess[] = [];
afterEach(async () => {
  for (const proc of running.splice(0)) {
    proc.emit('SIGTERM');
    await proc.exited;
  }
});

async function run(args: string[], { throwOnBanner = false } = {}) {
  const proc = new FakeProcess(['/usr/bin/node', '/bin/merchant-ordering-sandbox', ...args]);
  const log: string[] = [];
  const error: string[] = [];
  const orphaned: (() => void)[] = [];
  const output = {
    log: (text: string) => {
      if (throwOnBanner && text.includes('Ctrl+C stops it.')) throw new Error('write EIO');
      log.push(text);
    },
    error: (text: string) => error.push(text),
  };
  await runCommandLine(proc, output, (onOrphaned) => orphaned.push(onOrphaned));
  return { proc, log, error, orphaned };
}

/** Starts the bin on a free port, and its base URL from the banner. */
async function started(args: string[] = []) {
  const result = await run(['--port', '0', '--payments', '20', ...args]);
  running.push(result.proc);
  const url = /Base URL +(http:\S+)/.exec(result.log[0] ?? '')?.[1];
  if (!url) throw new Error(`no banner: ${result.error.join('\n')}`);
  return { ...result, url };
}

const listening = (url: string) =>
  fetch(`${url}/v2/configuration`).then(
    () => true,
    () => false,
  );

/** Runs the stop that the test's signal starts, and leaves nothing for afterEach. */
async function stopped(proc: FakeProcess) {
  await proc.exited;
  running.splice(running.indexOf(proc), 1);
}

describe('without running a sandbox', () => {
  it.each([
    [['--help'], { log: [usage()], error: [], exitCode: 0 }],
    [['--version'], { log: [version()], error: [], exitCode: 0 }],
    [['--nope'], { log: [], error: ['merchant-ordering-sandbox: unknown flag --nope (see merchant-ordering-sandbox --help)'], exitCode: 2 }],
  ])('%j: answers, sets the exit code, and listens for nothing', async (args, expected) => {
    const { proc, log, error, orphaned } = await run(args);
    expect({ log, error, exitCode: proc.exitCode }).toEqual(expected);
    expect([proc.eventNames(), orphaned, proc.exits]).toEqual([[], [], []]);
  });
});

describe('a sandbox that cannot start', () => {
  const servers: Server[] = [];
  afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

  it('a port in use: its one line and exit 1, and listens for nothing', async () => {
    const taken = createServer();
    servers.push(taken);
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const { proc, log, error, orphaned } = await run(['--port', String(port)]);
    expect({ log, error, exitCode: proc.exitCode }).toEqual({
      log: [],
      error: [`merchant-ordering-sandbox: port ${port} on 127.0.0.1 is already in use: choose another with --port <n> (--port 0 picks a free one)`],
      exitCode: 1,
    });
    expect([proc.eventNames(), orphaned]).toEqual([[], []]);
  });

  it('a value startSandbox refuses: named as its flag, exit 2', async () => {
    const { proc, error } = await run(['--port', '0', '--faults', '429:3']);
    expect({ error, exitCode: proc.exitCode }).toEqual({
      error: ['merchant-ordering-sandbox: --faults: "429:3" is not <fault>:<probability from 0 to 1>, e.g. 429:0.1,503:0.05,insert:0.1'],
      exitCode: 2,
    });
  });
});

describe('a running sandbox', () => {
  it('prints the banner for its settings, then one line per request, and sets no exit code', async () => {
    const { proc, log, error, url } = await started(['--seed', '7', '--merchant-id', '60032000']);
    expect(log).toHaveLength(1);
    expect(log[0]!.split('\n')[0]).toBe('Merchant Online Ordering API sandbox: 20 payments (seed 7)');
    expect(log[0]).toContain('\n  Merchant ID  60032000\n');
    expect(log[0]!.endsWith('\n\nCtrl+C stops it.')).toBe(true);
    await fetch(`${url}/v2/configuration?x=1`);
    expect(log.slice(1)).toEqual([expect.stringMatching(/^GET \/v2\/configuration\?x=1 -> 401 \([0-9]+ ms\)$/)]);
    expect({ error, exitCode: proc.exitCode, exits: proc.exits }).toEqual({ error: [], exitCode: undefined, exits: [] });
  });

  it.each(SIGNALS)('%s closes it and exits 0', async (signal) => {
    const { proc, url } = await started();
    expect(proc.eventNames()).toEqual(SIGNALS);
    expect(SIGNALS.map((name) => proc.listenerCount(name))).toEqual([1, 1, 1]);
    proc.emit(signal);
    await stopped(proc);
    expect(proc.exits).toEqual([0]);
    expect(await listening(url)).toBe(false);
  });

  it('a second signal while it stops does not close or exit twice', async () => {
    const { proc } = await started();
    proc.emit('SIGINT');
    proc.emit('SIGTERM');
    await stopped(proc);
    // close() and each exit run in the same turn: a second exit would already be recorded here.
    await new Promise((resolve) => setImmediate(resolve));
    expect(proc.exits).toEqual([0]);
  });

  it('closes it and exits 0 when the orphan watch calls', async () => {
    const { proc, url, orphaned } = await started();
    expect(orphaned).toHaveLength(1);
    orphaned[0]!();
    await stopped(proc);
    expect(proc.exits).toEqual([0]);
    expect(await listening(url)).toBe(false);
  });

  it('swallows an error on stdout (a reader that has gone) instead of crashing', async () => {
    const { proc, url } = await started();
    expect(() => proc.stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).not.toThrow();
    expect(await listening(url)).toBe(true);
  });

  it('an unexpected failure is one line and exit 1, and a signal still stops what started', async () => {
    const { proc, error } = await run(['--port', '0'], { throwOnBanner: true });
    expect({ error, exitCode: proc.exitCode }).toEqual({ error: ['merchant-ordering-sandbox: write EIO'], exitCode: 1 });
    proc.emit('SIGINT');
    await proc.exited;
    expect(proc.exits).toEqual([0]);
  });
});
