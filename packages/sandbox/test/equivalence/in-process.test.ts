// The equivalence set through the in-process fetch (createSandbox) against the node:http host: every
// request gets the same status, headers and body, errorId aside.
import { beforeAll, describe, expect, it } from 'vitest';
import { EQUIVALENCE_REQUESTS, EQUIVALENCE_SANDBOX } from './requests.js';
import { replayInProcess, replayOnNodeHttp, type Observed } from './replay.js';

let reference: Observed[];
let observed: Observed[];
beforeAll(async () => {
  [reference, observed] = await Promise.all([replayOnNodeHttp(EQUIVALENCE_REQUESTS, EQUIVALENCE_SANDBOX), replayInProcess(EQUIVALENCE_REQUESTS, EQUIVALENCE_SANDBOX)]);
});

describe('the in-process fetch answers as the node:http host', () => {
  it.each(EQUIVALENCE_REQUESTS.map((entry, at) => [entry.name, at] as const))('%s', (_, at) => {
    expect(observed[at]).toEqual(reference[at]);
    expect(observed[at]!.status).toBe(EQUIVALENCE_REQUESTS[at]!.status);
  });
});
