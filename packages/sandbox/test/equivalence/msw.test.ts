// The equivalence set through MSW: createHandlers() in a real setupServer (msw/node, no port), sent
// as clients send it: over node:http with the header lines and the target exactly as written (MSW's
// ClientRequest interceptor parses them), and through fetch to the API's sandbox host (its fetch
// interceptor). Both must answer as the node:http host does: status, headers, body, errorId aside.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/msw.js';
import { sendRaw } from '../helpers/sandbox.js';
import { EQUIVALENCE_REQUESTS, EQUIVALENCE_SANDBOX } from './requests.js';
import { normalise, replayOnNodeHttp, targetFor, webRequest, type Observed } from './replay.js';

const BASE = 'http://sandbox.msw.test';
let reference: Observed[];
const observed: Record<'node:http' | 'fetch', Observed[]> = { 'node:http': [], fetch: [] };

beforeAll(async () => {
  reference = await replayOnNodeHttp(EQUIVALENCE_REQUESTS, EQUIVALENCE_SANDBOX);
  // A fresh sandbox for each way in: inserts change what later requests see.
  for (const via of ['node:http', 'fetch'] as const) {
    const server = setupServer(...createHandlers({ ...EQUIVALENCE_SANDBOX, baseUrl: BASE }));
    server.listen({ onUnhandledFrame: 'error' });
    try {
      for (const entry of EQUIVALENCE_REQUESTS) {
        if (via === 'node:http') {
          const answer = await sendRaw(BASE, { ...entry, target: targetFor(entry, BASE) });
          observed[via].push(normalise(answer.status, answer.headers, answer.body));
        } else {
          const response = await fetch(webRequest(entry, 'https://global-api-sandbox.afterpay.com'));
          observed[via].push(normalise(response.status, response.headers, await response.text()));
        }
      }
    } finally {
      server.close();
    }
  }
});

describe.each(['node:http', 'fetch'] as const)('MSW in setupServer, called through %s, answers as the node:http host', (via) => {
  it.each(EQUIVALENCE_REQUESTS.map((entry, at) => [entry.name, at] as const))('%s', (_, at) => {
    expect(observed[via][at]).toEqual(reference[at]);
  });
});
