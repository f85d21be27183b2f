// The client as built (packages/client/dist), pointed at the mock with the document's example
// credentials. Retries are off so an unexpected status surfaces at once. Runtime-neutral: no Buffer,
// no node:* imports, so Node, Bun and Deno load it alike.
import { createClient } from '../../../../packages/client/dist/index.js';

export * from '../../../../packages/client/dist/index.js';

export const CREDENTIALS = { merchantId: '32', secretKey: 'abcdefgh' };
export const BASIC = `Basic ${btoa(`${CREDENTIALS.merchantId}:${CREDENTIALS.secretKey}`)}`;

export function clientFor(baseUrl) {
  return createClient({ ...CREDENTIALS, baseUrl, retries: 0 });
}

/**
 * A client whose every request carries `Prefer: <prefer>`, which makes Prism answer a chosen status
 * and named example. The client's methods take no per-call headers, so this goes through its
 * documented `fetch` option; requests then use the global fetch instead of the client's node:http
 * transport.
 */
export function clientPreferring(baseUrl, prefer) {
  return createClient({
    ...CREDENTIALS,
    baseUrl,
    retries: 0,
    fetch: (request) => {
      const preferring = new Request(request);
      preferring.headers.set('Prefer', prefer);
      return fetch(preferring);
    },
  });
}
