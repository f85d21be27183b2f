import { createClient, type ClientOptions } from '../../src/index.js';
import { fakeFetch, type Handler, json } from './fake-fetch.js';

export const CREDENTIALS = { merchantId: '60032000', secretKey: 'test-secret-key-0123456789' } as const;

export const EMPTY_PAGE = { totalResults: 0, offset: 0, limit: 20, results: [] };

/** A sandbox client whose fetch answers with `handler` (by default an empty page) and records requests. */
export function clientWith(handler: Handler = () => json(EMPTY_PAGE), options: Partial<ClientOptions> = {}) {
  const fetch = fakeFetch(handler);
  const client = createClient({ ...CREDENTIALS, environment: 'sandbox', fetch, retries: 0, ...options } as ClientOptions);
  return { client, fetch };
}
