// The web face's own pieces (src/hosts/web/), in this process: a Request read at the root when no base
// path is given, a slow body cut by close() as undici cuts one ("terminated") and leaving nothing on
// the request's signal once it ends, a wait on a signal already aborted, and the adapters that mount a
// sandbox refusing an object createSandbox did not make.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createSandbox, httpHandler, SandboxOptionError, type InProcessSandbox } from '../../src/fetch.js';
import { createHandlers } from '../../src/msw.js';
import { engineOf } from '../../src/hosts/web/in-process.js';
import { readWebRequest } from '../../src/hosts/web/request.js';
import { toResponse, untilAbortedOrClosed } from '../../src/hosts/web/response.js';
import type { Engine } from '../../src/engine/engine.js';
import { BASIC } from '../helpers/sandbox.js';

describe('readWebRequest', () => {
  it('reads the path and query as sent, below the root when given no base path', () => {
    const read = readWebRequest(new Request('https://sandbox.example/v2/payments?limit=1', { method: 'POST', headers: { Accept: 'a, b' } }));
    expect([read.method, read.url.pathname, read.url.search, read.target, read.header('accept'), read.header('x-none')]).toEqual([
      'POST',
      '/v2/payments',
      '?limit=1',
      '/v2/payments?limit=1',
      'a, b',
      null,
    ]);
  });
});

describe("the in-process fetch's arguments", () => {
  it('takes a Request as it is, and a Request with init as fetch does: init over the Request', async () => {
    const sandbox = await createSandbox({ payments: 2 });
    const request = new Request('https://sandbox.example/v2/payments', { headers: { Authorization: 'Basic d3Jvbmc6d3Jvbmc=' } });
    const statuses = [(await sandbox.fetch(request)).status, (await sandbox.fetch(request, { headers: { Authorization: BASIC } })).status];
    expect(statuses).toEqual([401, 200]);
    await sandbox.close();
  });
});

describe('a slow body when the sandbox closes', () => {
  it('fails with a network error whose cause is "terminated", as undici fails a body cut short', async () => {
    const sandbox = await createSandbox({ payments: 5 });
    const response = await sandbox.fetch('https://sandbox.example/v2/payments', { headers: { Authorization: BASIC, 'Sandbox-Fault': 'slow-body' } });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await sandbox.close();
    const failure = await reader.read().then(
      () => undefined,
      (error: TypeError) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({ cause: { message: 'terminated' } });
  });
});

describe('the network errors the in-process fetch rejects with, shaped as undici shapes them', () => {
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => 'answered',
      (error: TypeError) => [error.constructor.name, error.message, (error.cause as Error).message, Object.entries(error.cause as object)],
    );

  it('reset, a wait cut by close(), and a call after it: a TypeError "fetch failed" whose cause says which and carries the system code', async () => {
    const sandbox = await createSandbox({ payments: 1 });
    const faulted = (fault: string) => sandbox.fetch('https://sandbox.example/ping', { headers: { 'Sandbox-Fault': fault } });
    const reset = await failure(faulted('reset'));
    const stalled = failure(faulted('stall'));
    await new Promise((resolve) => setImmediate(resolve));
    await sandbox.close();
    expect([reset, await stalled, await failure(sandbox.fetch('https://sandbox.example/ping'))]).toEqual([
      ['TypeError', 'fetch failed', 'the sandbox reset the connection (Sandbox-Fault: reset)', [['code', 'ECONNRESET']]],
      ['TypeError', 'fetch failed', 'the sandbox was closed', []],
      ['TypeError', 'fetch failed', 'the sandbox is closed', [['code', 'ECONNREFUSED']]],
    ]);
  });

  it('a signal aborted before the call: its reason, and the sandbox never sees the request', async () => {
    const logged: unknown[] = [];
    const sandbox = await createSandbox({ payments: 1, log: (entry) => logged.push(entry) });
    const reason = new Error('gave up');
    await expect(sandbox.fetch('https://sandbox.example/ping', { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(logged).toEqual([]);
    await sandbox.close();
  });
});

describe("a slow body's hold on the request's signal", () => {
  const slowRequest = () => new Request('https://sandbox.example/v2/payments?limit=3', { headers: { Authorization: BASIC, 'Sandbox-Fault': 'slow-body' } });

  it('is let go once the body has been read to its end, or cancelled', async () => {
    const sandbox = await createSandbox({ payments: 5 });
    const [read, cancelled] = [slowRequest(), slowRequest()];
    await (await sandbox.fetch(read)).text();
    const reader = (await sandbox.fetch(cancelled)).body!.getReader();
    await reader.read();
    const whileReading = getEventListeners(cancelled.signal, 'abort').length;
    await reader.cancel();
    expect([getEventListeners(read.signal, 'abort').length, whileReading, getEventListeners(cancelled.signal, 'abort').length]).toEqual([0, 1, 0]);
    await sandbox.close();
  });
});

/** The sandbox's engine, counting the close listeners it holds. */
function countingEngine(sandbox: InProcessSandbox) {
  const engine = engineOf(sandbox);
  const held = { count: 0 };
  const counting: Engine = {
    ...engine,
    onClose(listener) {
      held.count++;
      const stop = engine.onClose(listener);
      return () => {
        held.count--;
        stop();
      };
    },
  };
  return { engine: counting, held };
}

describe('what an answer leaves waiting on close() once it has ended', () => {
  it('nothing, for a slow body read to its end or a wait that settled', async () => {
    const sandbox = await createSandbox({ payments: 5 });
    const { engine, held } = countingEngine(sandbox);
    const request = new Request('https://sandbox.example/v2/payments?limit=3', { headers: { Authorization: BASIC, 'Sandbox-Fault': 'slow-body' } });
    const answer = await engine.answer(readWebRequest(request));
    const response = await toResponse(answer, engine, request);
    const whileSending = held.count;
    await response.text();
    const afterBody = held.count;
    expect(await untilAbortedOrClosed(Promise.resolve('answered'), engine, new AbortController().signal)).toBe('answered');
    await new Promise((resolve) => setImmediate(resolve)); // the wait lets go as it settles, a turn after its caller resumes
    expect([whileSending, afterBody, held.count]).toEqual([1, 0, 0]);
    await sandbox.close();
  });
});

describe('untilAbortedOrClosed', () => {
  it('rejects at once with the reason of a signal already aborted', async () => {
    const sandbox = await createSandbox({ payments: 1 });
    const reason = new Error('gave up');
    const waiting = untilAbortedOrClosed(new Promise<never>(() => {}), engineOf(sandbox), AbortSignal.abort(reason));
    const outcome = await Promise.race([waiting.catch((error: unknown) => error), new Promise((resolve) => setImmediate(resolve, 'still waiting'))]);
    expect(outcome).toBe(reason);
    await sandbox.close();
  });
});

describe('an object createSandbox did not make', () => {
  it('is refused by httpHandler and by createHandlers, naming what they take', async () => {
    const made = await createSandbox({ payments: 1 });
    const copy: InProcessSandbox = { ...made };
    expect(() => httpHandler(copy)).toThrow(new TypeError('not a sandbox made by createSandbox()'));
    expect(() => createHandlers({ sandbox: copy })).toThrow(new TypeError('not a sandbox made by createSandbox()'));
    await made.close();
  });
});

describe("createHandlers' base URLs", () => {
  it.each(['not a url', 'ftp://localhost/api', 'xhttp://localhost/api', 'http://localhost/api#docs', 'http://localhost/api?x=1'])(
    'refuses %j, naming it',
    (baseUrl) => {
      expect(() => createHandlers({ baseUrl })).toThrow(
        new SandboxOptionError(`baseUrl: "${baseUrl}" is not an http(s) URL without a query, such as http://localhost:3000/api`),
      );
    },
  );

  it('refuses a URL object in the list, which is not a string', () => {
    const baseUrl = new URL('http://localhost:3000/api');
    expect(() => createHandlers({ baseUrl: [baseUrl as unknown as string] })).toThrow(
      new SandboxOptionError('baseUrl: "http://localhost:3000/api" is not an http(s) URL without a query, such as http://localhost:3000/api'),
    );
  });

  it('takes http and https, with or without the trailing slash: one handler for each base besides the API hosts', () => {
    const plain = createHandlers().length;
    expect(createHandlers({ baseUrl: ['https://docs.example/api', 'http://localhost:3000/api/', 'https://docs.example/api/'] })).toHaveLength(plain + 2);
  });
});
