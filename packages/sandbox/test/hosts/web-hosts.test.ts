// The web face's own pieces (src/hosts/web/), in this process: a Request read at the root when no base
// path is given, a slow body cut by close() as undici cuts one ("terminated"), and the adapters that
// mount a sandbox refusing an object createSandbox did not make.
import { describe, expect, it } from 'vitest';
import { createSandbox, httpHandler, type InProcessSandbox } from '../../src/fetch.js';
import { createHandlers } from '../../src/msw.js';
import { readWebRequest } from '../../src/hosts/web/request.js';
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

describe('an object createSandbox did not make', () => {
  it('is refused by httpHandler and by createHandlers, naming what they take', async () => {
    const made = await createSandbox({ payments: 1 });
    const copy: InProcessSandbox = { ...made };
    expect(() => httpHandler(copy)).toThrow(new TypeError('not a sandbox made by createSandbox()'));
    expect(() => createHandlers({ sandbox: copy })).toThrow(new TypeError('not a sandbox made by createSandbox()'));
    await made.close();
  });
});
