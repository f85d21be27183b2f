// The shared set of requests (requests.ts) on the node:http host: each raw request, sent as written
// (repeated header lines, absolute form), gets its status, and every documented answer matches the
// description. Issue 21 sends the same set through the other hosts and compares the answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/index.js';
import { sendRaw } from '../helpers/sandbox.js';
import { specViolations } from '../helpers/spec.js';
import { EQUIVALENCE_REQUESTS, EQUIVALENCE_SANDBOX } from './requests.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox(EQUIVALENCE_SANDBOX);
});
afterAll(() => sandbox.close());

describe('the equivalence set', () => {
  it('has unique names', () => {
    expect(new Set(EQUIVALENCE_REQUESTS.map((entry) => entry.name)).size).toBe(EQUIVALENCE_REQUESTS.length);
  });
});

describe('on the node:http host', () => {
  // In order, on one instance: inserts change what later requests see.
  it.sequential.each(EQUIVALENCE_REQUESTS.map((entry) => [entry.name, entry] as const))('%s', async (_, entry) => {
    const target = entry.target.replace('{origin}', sandbox.url);
    const answer = await sendRaw(sandbox.url, { ...entry, target });
    expect(answer.status, answer.body).toBe(entry.status);
    const faulted = entry.headers.some(([name]) => name.toLowerCase() === 'sandbox-fault');
    const pingRefused = answer.status === 406 && target.endsWith('/ping'); // a gap the README lists
    if (!faulted && !pingRefused && answer.status !== 400) {
      expect(specViolations(entry.method, new URL(target, sandbox.url).pathname, answer) ?? []).toEqual([]);
    }
  });

  it('answers as the set expects after it: the two inserts are there', () => {
    expect(sandbox.payments()).toHaveLength(EQUIVALENCE_SANDBOX.payments! + 2);
  });
});
