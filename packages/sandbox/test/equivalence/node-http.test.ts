// The shared set of requests (requests.ts) on the node:http host: each raw request, sent as written
// (repeated header lines, absolute form), gets its status, and every documented answer matches the
// description. The other hosts are compared with this one in the files beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/index.js';
import { sendRaw } from '../helpers/sandbox.js';
import { specViolations } from '../helpers/spec.js';
import { EQUIVALENCE_GROUPS } from './requests.js';
import { NAMED_CASES } from './replay.js';

describe('the equivalence set', () => {
  it('has unique names', () => {
    expect(new Set(NAMED_CASES.map(({ name }) => name)).size).toBe(NAMED_CASES.length);
  });
});

describe.each(EQUIVALENCE_GROUPS.map((group) => [group.name, group] as const))('%s, on the node:http host', (_, group) => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox(group.options);
  });
  afterAll(() => sandbox.close());

  // In order, on one instance: inserts change what later requests see.
  it.sequential.each(group.requests.map((entry) => [entry.name, entry] as const))('%s', async (_, entry) => {
    const target = entry.target.replace('{origin}', sandbox.url);
    const answer = await sendRaw(sandbox.url, { ...entry, target });
    expect([entry.status].flat(), answer.body).toContain(answer.status);
    const faulted = entry.headers.some(([name]) => name.toLowerCase() === 'sandbox-fault');
    const pingRefused = answer.status === 406 && target.endsWith('/ping'); // a gap the README lists
    if (!faulted && !pingRefused && answer.status !== 400 && answer.status !== 431) {
      expect(specViolations(entry.method, new URL(target, sandbox.url).pathname, answer) ?? []).toEqual([]);
    }
  });

  if (group === EQUIVALENCE_GROUPS[0]) {
    it('answers as the set expects after it: the two inserts are there', () => {
      expect(sandbox.payments()).toHaveLength(group.options.payments! + 2);
    });
  }
});
