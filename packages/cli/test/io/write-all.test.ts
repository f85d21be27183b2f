// Writing to a slow reader: writeAll waits for 'drain' when the stream asks it to, and stops waiting
// when the signal aborts; colour only on a terminal whose TERM is not dumb and without NO_COLOR.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { colourEnabled, writeAll } from '../../src/io.js';

/** A stream whose buffer is full: write says so, and 'drain' comes when the test emits it. */
function fullStream() {
  const events = new EventEmitter();
  const written: string[] = [];
  const stream = {
    write: (text: string) => (written.push(text), false),
    once: (event: string, listener: () => void) => (events.once(event, listener), stream),
    isTTY: false,
  };
  return { stream, written, drain: () => events.emit('drain'), listeners: () => events.listenerCount('drain') };
}

const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  return settled;
};

describe('writeAll', () => {
  it("waits for 'drain' when the write says the buffer is full", async () => {
    const { stream, written, drain, listeners } = fullStream();
    const done = writeAll(stream, 'text');
    expect(written).toEqual(['text']);
    expect(listeners()).toBe(1);
    expect(await settledYet(done)).toBe(false);
    drain();
    expect(await settledYet(done)).toBe(true);
  });

  it('stops waiting when the signal aborts, once only', async () => {
    const { stream } = fullStream();
    const controller = new AbortController();
    let added = 0;
    const signal = controller.signal;
    const addEventListener = signal.addEventListener.bind(signal);
    Object.defineProperty(signal, 'addEventListener', {
      value: (type: string, listener: () => void, options?: AddEventListenerOptions) => {
        added++;
        expect([type, options]).toEqual(['abort', { once: true }]);
        addEventListener(type, listener, options);
      },
    });
    const done = writeAll(stream, 'text', signal);
    expect(await settledYet(done)).toBe(false);
    controller.abort();
    expect(await settledYet(done)).toBe(true);
    expect(added).toBe(1);
  });

  it('does not wait when the signal has already aborted', async () => {
    const { stream, listeners } = fullStream();
    await writeAll(stream, 'text', AbortSignal.abort());
    expect(listeners()).toBe(0);
  });
});

describe('colourEnabled', () => {
  const terminal = { write: () => true, once: () => undefined, isTTY: true };
  it('on a terminal, unless TERM is dumb or NO_COLOR is set', () => {
    expect(colourEnabled(terminal, { TERM: 'xterm-256color' })).toBe(true);
    expect(colourEnabled(terminal, {})).toBe(true);
    expect(colourEnabled(terminal, { TERM: 'dumb' })).toBe(false);
    expect(colourEnabled(terminal, { TERM: '' })).toBe(true);
    expect(colourEnabled(terminal, { NO_COLOR: '1' })).toBe(false);
    expect(colourEnabled({ ...terminal, isTTY: false }, {})).toBe(false);
  });
});
