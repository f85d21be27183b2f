// The equivalence set through MSW: createHandlers() in a real setupServer (msw/node, no port), sent
// as clients send it: over node:http with the header lines and the target exactly as written (MSW's
// ClientRequest interceptor parses them), and through fetch to the API's sandbox host (its fetch
// interceptor). Both must answer as the node:http host does: status, headers, body, errorId aside,
// for every request MSW hands to its handlers (replay.ts: mswCanCatch).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/msw.js';
import { sendRaw } from '../helpers/sandbox.js';
import type { SandboxOptions } from '../../src/index.js';
import { EQUIVALENCE_GROUPS, type EquivalenceCase } from './requests.js';
import { mswCanCatch, NAMED_CASES, normalise, replayGroups, replayOnNodeHttp, targetFor, webRequest, type Observed } from './replay.js';

const BASE = 'http://sandbox.msw.test';
const CATCHABLE = EQUIVALENCE_GROUPS.map((group) => ({ ...group, requests: group.requests.filter(mswCanCatch) }));
const NAMED_CATCHABLE = NAMED_CASES.filter(({ entry }) => mswCanCatch(entry));
let reference: Observed[];
const observed: Record<'node:http' | 'fetch', Observed[]> = { 'node:http': [], fetch: [] };

/** A group through a fresh setupServer, each request over node:http (raw) or fetch (to the API's sandbox host). */
const throughMsw = (via: 'node:http' | 'fetch') => async (entries: readonly EquivalenceCase[], options: SandboxOptions) => {
  const server = setupServer(...createHandlers({ ...options, baseUrl: BASE }));
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const answers: Observed[] = [];
    for (const entry of entries) {
      if (via === 'node:http') {
        const answer = await sendRaw(BASE, { ...entry, target: targetFor(entry, BASE) });
        answers.push(normalise(answer.status, answer.headers, answer.body));
      } else {
        const response = await fetch(webRequest(entry, 'https://global-api-sandbox.afterpay.com'));
        answers.push(normalise(response.status, response.headers, await response.text()));
      }
    }
    return answers;
  } finally {
    server.close();
  }
};

beforeAll(async () => {
  reference = await replayGroups(replayOnNodeHttp, CATCHABLE);
  observed['node:http'] = await replayGroups(throughMsw('node:http'), CATCHABLE);
  observed.fetch = await replayGroups(throughMsw('fetch'), CATCHABLE);
});

describe('the requests MSW hands to its handlers', () => {
  it('are all but those whose method is not in upper case', () => {
    expect(NAMED_CASES.filter(({ entry }) => !mswCanCatch(entry)).map(({ name }) => name)).toEqual([
      'a method in lower case (patch) is 400',
      'a method in mixed case (Propfind) is 400',
    ]);
  });
});

describe.each(['node:http', 'fetch'] as const)('MSW in setupServer, called through %s, answers as the node:http host', (via) => {
  it.each(NAMED_CATCHABLE.map(({ name }, at) => [name, at] as const))('%s', (_, at) => {
    expect(observed[via][at]).toEqual(reference[at]);
  });
});
