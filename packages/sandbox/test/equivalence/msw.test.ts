// The equivalence set through MSW: createHandlers() in a real setupServer (msw/node, no port), sent
// as clients send it: over node:http with the header lines and the target exactly as written (MSW's
// ClientRequest interceptor parses them), and through fetch to the API's sandbox host (its fetch
// interceptor). Both must answer as the node:http host does: status, headers, body, errorId aside.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/msw.js';
import { sendRaw } from '../helpers/sandbox.js';
import type { SandboxOptions } from '../../src/index.js';
import type { EquivalenceCase } from './requests.js';
import { NAMED_CASES, normalise, replayGroups, replayOnNodeHttp, targetFor, webRequest, type Observed } from './replay.js';

const BASE = 'http://sandbox.msw.test';
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
  reference = await replayGroups(replayOnNodeHttp);
  observed['node:http'] = await replayGroups(throughMsw('node:http'));
  observed.fetch = await replayGroups(throughMsw('fetch'));
});

describe.each(['node:http', 'fetch'] as const)('MSW in setupServer, called through %s, answers as the node:http host', (via) => {
  it.each(NAMED_CASES.map(({ name }, at) => [name, at] as const))('%s', (_, at) => {
    expect(observed[via][at]).toEqual(reference[at]);
  });
});
