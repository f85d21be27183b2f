// `@merchant-ordering/client/raw`: the openapi-fetch client (`{ data, error, response }`, no throwing on
// HTTP errors, no input validation) over the same request loop as the client's methods: the same
// credentials, User-Agent, deadlines, retries, abort, logging, size cap and redaction. A subpath of its
// own, so that applications which never use it do not ship openapi-fetch's client.
import createFetchClient, { type Client } from 'openapi-fetch';
import { type ClientPaths, type MerchantClient, rawParts } from './client.js';
import { serialiseQuery } from './query.js';
import { fail } from './validate.js';

export type { ClientPaths } from './client.js';

/** The openapi-fetch client for the spec's paths, sending through `client`'s request loop. */
export function rawClient(client: MerchantClient): Client<ClientPaths> {
  const parts = rawParts.get(client) ?? fail('client', 'type', 'a client made by createClient');
  return createFetchClient<ClientPaths>({
    baseUrl: parts.baseUrl,
    headers: parts.headers,
    // The API never redirects: the loop refuses a redirect rather than following it to another origin.
    redirect: 'manual',
    // Own properties only, as the client's methods: openapi-fetch's own serializer loops with for-in.
    querySerializer: serialiseQuery,
    fetch: parts.send,
  });
}
