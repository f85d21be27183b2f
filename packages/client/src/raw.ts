// `@merchant-ordering/client/raw`, deprecated: `client.api` is the openapi-fetch client now, built by
// createClient over the same request loop as the methods. Kept for one minor as an alias; its removal
// is a major of the linked spec/types/client line.
import type { Client } from 'openapi-fetch';
import type { ClientPaths, MerchantClient } from './client.js';
import { fail } from './validate.js';

export type { ClientPaths } from './client.js';

/** @deprecated Use `client.api`, which this returns. `@merchant-ordering/client/raw` goes in the next major. */
export function rawClient(client: MerchantClient): Client<ClientPaths> {
  return (client as Partial<MerchantClient> | null)?.api ?? fail('client', 'type', 'a client made by createClient');
}
