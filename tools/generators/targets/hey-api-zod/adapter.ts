// Maps the harness calls onto the client @hey-api/openapi-ts generated.
import { createClient } from './generated/client';
import { getConfiguration, listPayments } from './generated/sdk.gen';
import { runChecks, type Connection, type GeneratedClient } from './harness';

const headers = { 'User-Agent': 'generator-matrix/hey-api-zod (Node.js)' };

function clientFor(connection: Connection) {
  // Basic auth through the generator's own security handling: it base64-encodes "id:key" with btoa.
  return createClient({ baseUrl: connection.baseUrl, auth: () => `${connection.merchantId}:${connection.secretKey}` });
}

// The client leaves `response` undefined only when the request itself failed, and then `error` says why.
function reply(result: { data?: unknown; error?: unknown; response?: Response }) {
  if (!result.response) throw result.error instanceof Error ? result.error : new Error(`no response: ${String(result.error)}`);
  return { status: result.response.status, body: result.data ?? result.error };
}

const generated: GeneratedClient = {
  async listPayments(connection, query) {
    return reply(await listPayments({ client: clientFor(connection), headers, query }));
  },
  async getConfiguration(connection, query) {
    return reply(await getConfiguration({ client: clientFor(connection), headers, query }));
  },
};

void runChecks(generated);
