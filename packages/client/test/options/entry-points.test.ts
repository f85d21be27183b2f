// The two small entry points: `./raw`'s rawClient refuses what createClient did not make with a
// ValidationError naming the client, and the stand-in for `#node-transport` outside Node says what to
// pass instead.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { nodeAttempt } from '../../src/node-transport-unavailable.js';
import { rawClient } from '../../src/raw.js';

describe('rawClient', () => {
  it.each([null, {}])('refuses %j with a ValidationError naming the client', (value) => {
    let error: unknown;
    try {
      rawClient(value as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ param: 'client', rule: 'type' });
    expect((error as Error).message).toMatch(/^client must be a client made by createClient/);
  });
});

describe('#node-transport outside Node', () => {
  it('rejects, naming the fetch option to pass', async () => {
    await expect(
      nodeAttempt({ request: new Request('https://example.test/'), added: {}, body: undefined }, new AbortController().signal, () => {}, 1024),
    ).rejects.toThrow('the node:http transport is not available in this runtime; pass `fetch` to createClient');
  });
});
