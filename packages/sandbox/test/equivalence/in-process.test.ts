// The equivalence set through the in-process fetch (createSandbox) against the node:http host: every
// request gets the same status, headers and body, errorId aside.
import { beforeAll, describe, expect, it } from 'vitest';
import { NAMED_CASES, replayGroups, replayInProcess, replayOnNodeHttp, type Observed } from './replay.js';

let reference: Observed[];
let observed: Observed[];
beforeAll(async () => {
  [reference, observed] = await Promise.all([replayGroups(replayOnNodeHttp), replayGroups(replayInProcess)]);
});

describe('the in-process fetch answers as the node:http host', () => {
  it.each(NAMED_CASES.map(({ name, entry }, at) => [name, entry, at] as const))('%s', (_, entry, at) => {
    expect(observed[at]).toEqual(reference[at]);
    expect([entry.status].flat()).toContain(observed[at]!.status);
  });
});
