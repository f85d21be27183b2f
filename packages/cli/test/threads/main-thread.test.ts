// The main thread (runMainThread, which src/main.ts calls with process and Worker) in this process,
// with a fake of each: the thread it starts, the output it forwards, what each signal and stdout error
// does, and the exit code. test/help/process.test.ts and the tmux tests run the built bin.
import { EventEmitter, once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import type { WorkerOptions } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { runMainThread } from '../../src/threads/main.js';

class Terminal extends Writable {
  text = '';
  constructor(
    readonly isTTY?: boolean,
    readonly columns?: number,
  ) {
    super();
  }
  override _write(chunk: unknown, _encoding: string, done: () => void) {
    this.text += String(chunk);
    done();
  }
}

class FakeProcess extends EventEmitter {
  exitCode: number | string | null | undefined;
  readonly exits: (number | undefined)[] = [];
  readonly stdout = new Terminal(true, 120);
  readonly stderr = new Terminal();
  constructor(readonly argv: string[]) {
    super();
  }
  exit(code?: number) {
    this.exits.push(code);
  }
}

const workers: FakeWorker[] = [];
class FakeWorker extends EventEmitter {
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly messages: unknown[] = [];
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    workers.push(this);
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
}

function start(...args: string[]) {
  const proc = new FakeProcess(['/usr/bin/node', '/bin/merchant-ordering', ...args]);
  runMainThread(proc, FakeWorker);
  return { proc, worker: workers.at(-1)! };
}

const stdoutError = (code: string | undefined, message = 'write failed') => Object.assign(new Error(message), { code });

describe('the command thread', () => {
  it('runs command-thread.js with the arguments after node and the script, what the streams are, and the young generation capped', () => {
    const { worker } = start('payments', 'list', '--json');
    expect(worker.url.href).toBe(new URL('../../src/command-thread.js', import.meta.url).href);
    expect(worker.options).toEqual({
      workerData: { argv: ['payments', 'list', '--json'], stdout: { isTTY: true, columns: 120 }, stderr: { isTTY: false, columns: undefined } },
      stdout: true,
      stderr: true,
      resourceLimits: { maxYoungGenerationSizeMb: 48 },
    });
  });

  it("forwards its stdout and stderr to the process's", async () => {
    const { proc, worker } = start('ping');
    worker.stdout.end('a page\n');
    worker.stderr.end('a warning\n');
    await Promise.all([once(worker.stdout, 'end'), once(worker.stderr, 'end')]);
    expect([proc.stdout.text, proc.stderr.text]).toEqual(['a page\n', 'a warning\n']);
  });
});

describe('an error writing to stdout', () => {
  it('EPIPE (the reader has gone): exits 0 at once, saying nothing', () => {
    const { proc } = start('ping');
    proc.stdout.emit('error', stdoutError('EPIPE'));
    expect([proc.exits, proc.stderr.text]).toEqual([[0], '']);
  });

  it("EPIPE while stopping: exits with the signal's code", () => {
    const { proc } = start('ping');
    proc.emit('SIGTERM');
    proc.stdout.emit('error', stdoutError('EPIPE'));
    expect(proc.exits).toEqual([143]);
  });

  it('any other: one line naming it, exit 1', () => {
    const { proc } = start('ping');
    proc.stdout.emit('error', stdoutError('EIO'));
    expect([proc.exits, proc.stderr.text]).toEqual([[1], 'merchant-ordering: cannot write to stdout (EIO)\n']);
    const { proc: other } = start('ping');
    other.stdout.emit('error', stdoutError(undefined, 'no room'));
    expect([other.exits, other.stderr.text]).toEqual([[1], 'merchant-ordering: cannot write to stdout (no room)\n']);
  });
});

describe('signals', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s asks the command to stop, and its exit 130 becomes %i', (signal, code) => {
    const { proc, worker } = start('payments', 'export');
    proc.emit(signal);
    expect([worker.messages, proc.exits]).toEqual([[{ stop: signal }], []]);
    worker.emit('exit', 130);
    expect(proc.exitCode).toBe(code);
  });

  it('a second signal exits at once with the first one’s code', () => {
    const { proc, worker } = start('payments', 'export');
    proc.emit('SIGHUP');
    proc.emit('SIGINT');
    expect([worker.messages, proc.exits]).toEqual([[{ stop: 'SIGHUP' }], [129]]);
  });

  it('the same Ctrl+C passed on again is neither a second stop nor an exit', () => {
    const { proc, worker } = start('payments', 'export');
    proc.emit('SIGINT');
    proc.emit('SIGINT');
    expect([worker.messages, proc.exits]).toEqual([[{ stop: 'SIGINT' }], []]);
  });
});

describe('the exit code', () => {
  it.each([
    [0, 0],
    [1, 1],
    [130, 130],
  ])('without a signal, the command’s: %i', (exit, code) => {
    const { proc, worker } = start('ping');
    worker.emit('exit', exit);
    expect(proc.exitCode).toBe(code);
  });

  it('after a signal, only 130 becomes its code', () => {
    const { proc, worker } = start('payments', 'export');
    proc.emit('SIGTERM');
    worker.emit('exit', 1);
    expect(proc.exitCode).toBe(1);
  });

  it('an error in the thread: its first line and exit 1, whatever the thread then exits with', () => {
    const { proc, worker } = start('ping');
    worker.emit('error', new Error('out of memory\n    at somewhere'));
    worker.emit('exit', 0);
    expect([proc.stderr.text, proc.exitCode]).toEqual(['merchant-ordering: unexpected error: out of memory\n', 1]);
  });
});
