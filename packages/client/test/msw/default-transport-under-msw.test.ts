// A merchant's test as the sandbox README writes it: MSW's setupServer with the sandbox's handlers,
// and the client on its default transport (node:http/node:https, no fetch given) calling the sandbox
// host. MSW replaces `request` on the node:http/node:https module objects; the transport must reach it
// through them at call time. Every DNS lookup fails, and MSW errors on anything it does not handle, so
// the payments can only come from the handlers: nothing reaches the network. (MSW 3 names the option
// onUnhandledFrame; MSW 2's onUnhandledRequest would be ignored.)
import { createHandlers } from '@merchant-ordering/sandbox/msw';
import { Agent } from 'node:https';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BASE_URLS, createClient } from '../../src/index.js';
import { recordingLogger } from '../helpers/logger.js';

// The default transport, with an agent whose DNS lookup fails: a request that escapes MSW fails at once.
const lookups: string[] = [];
vi.mock('../../src/node-transport.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/node-transport.js')>();
  const agent = new Agent({
    lookup: ((hostname: string, _options: unknown, callback: (error: Error) => void) => {
      lookups.push(hostname);
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    }) as never,
  });
  type Args = Parameters<typeof original.nodeAttempt>;
  return { ...original, nodeAttempt: (...args: Args) => original.nodeAttempt(...(args.slice(0, 4) as [Args[0], Args[1], Args[2], Args[3]]), agent) };
});

const credentials = { merchantId: '32', secretKey: 'abcdefgh' };
const server = setupServer(...createHandlers({ ...credentials, payments: 30 }));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('the default transport under MSW', () => {
  it('gets payments from setupServer(...createHandlers()) at the sandbox host, with DNS failing', async () => {
    const { logger } = recordingLogger();
    const client = createClient({ ...credentials, baseUrl: BASE_URLS.sandbox, retries: 0, logger });
    const page = await client.listPayments({ limit: 5 });
    expect(page).toMatchObject({ totalResults: 30, offset: 0, limit: 5 });
    expect(page.results).toHaveLength(5);
    expect(lookups).toEqual([]);
  });
});
