// The command's thread (runCommandThread, which src/command-thread.ts calls with parentPort, workerData,
// process and runCli) in this process, with a fake of each: what the command runs with, how a stop
// from the main thread reaches it, and the exit code. The process tests run the built bin.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { RunIo } from '../../src/io.js';
import { runCommandThread, type ThreadData } from '../../src/threads/command.js';

class FakePort extends EventEmitter {
  unrefs = 0;
  unref() {
    this.unrefs++;
  }
}

class Stream extends EventEmitter {
  text = '';
  write(chunk: string | Uint8Array) {
    this.text += String(chunk);
    return true;
  }
}

const data: ThreadData = { argv: ['payments', 'list'], stdout: { isTTY: true, columns: 80 }, stderr: { isTTY: false, columns: undefined } };

/** Starts the thread with a command that waits until the test ends it with a code. */
function start() {
  const port = new FakePort();
  const proc = { stdout: new Stream(), stderr: new Stream(), env: { HOME: '/home/me' }, exitCode: undefined as number | string | null | undefined };
  const calls: { argv: readonly string[]; io: RunIo; signal: AbortSignal }[] = [];
  let end!: (code: number) => void;
  const done = runCommandThread(port, data, proc, (argv, io, signal) => {
    calls.push({ argv, io, signal });
    return new Promise((resolve) => (end = resolve));
  });
  const finish = (code: number) => {
    end(code);
    return done;
  };
  return { port, proc, call: calls[0]!, end: finish };
}

describe('the command', () => {
  it("runs with the arguments, the process's environment, and its exit code is the command's", async () => {
    const { proc, call, end } = start();
    expect([call.argv, call.io.env]).toEqual([['payments', 'list'], { HOME: '/home/me' }]);
    expect(proc.exitCode).toBeUndefined();
    await end(3);
    expect(proc.exitCode).toBe(3);
  });

  it("writes to the process's streams, as the main thread's terminals", () => {
    const { proc, call } = start();
    const { stdout, stderr } = call.io;
    expect([stdout.write('out'), stderr.write('err')]).toEqual([true, true]);
    expect([proc.stdout.text, proc.stderr.text]).toEqual(['out', 'err']);
    expect([stdout.isTTY, stdout.columns, stderr.isTTY, stderr.columns]).toEqual([true, 80, false, undefined]);
    let drained = 0;
    stdout.once('drain', () => drained++);
    stderr.once('drain', () => drained++);
    proc.stdout.emit('drain');
    proc.stderr.emit('drain');
    expect(drained).toBe(2);
  });
});

describe('a stop from the main thread', () => {
  it('aborts the command’s signal with "<SIGNAL> received"', () => {
    const { port, call } = start();
    port.emit('message', {});
    expect(call.signal.aborted).toBe(false);
    port.emit('message', { stop: 'SIGTERM' });
    expect(call.signal.reason).toEqual(new Error('SIGTERM received'));
  });

  it('does not keep the thread alive: the port is unref’d', () => {
    expect(start().port.unrefs).toBe(1);
  });
});
