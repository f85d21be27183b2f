// Maps the harness calls onto the client @hey-api/openapi-ts generated (also for the hey-api-zod target).
import { createClient } from './generated/client';
import { getConfiguration, listPayments } from './generated/sdk.gen';
import type { GetConfigurationError, ListPaymentsError } from './generated/types.gen';
import { runChecks, type Connection, type GeneratedClient, type Reply } from './harness';

const headers = { 'User-Agent': 'generator-matrix/hey-api (Node.js)' };

function clientFor(connection: Connection) {
  // Basic auth through the generator's own security handling: it base64-encodes "id:key" with btoa.
  return createClient({ baseUrl: connection.baseUrl, auth: () => `${connection.merchantId}:${connection.secretKey}` });
}

// The client leaves `response` undefined only when the request itself failed, and then `error` says why.
function reply(result: { data?: unknown; error?: ListPaymentsError | GetConfigurationError; response?: Response }): Reply {
  const { data, error, response } = result;
  if (!response) throw error instanceof Error ? error : new Error(`no response: ${JSON.stringify(error)}`);
  return { status: response.status, body: data ?? error, ...(error && { error: { errorCode: error.errorCode, errorId: error.errorId } }) };
}

const generated: GeneratedClient = {
  listPayments: async (connection, query) => reply(await listPayments({ client: clientFor(connection), headers, query })),
  getConfiguration: async (connection, query) => reply(await getConfiguration({ client: clientFor(connection), headers, query })),
};

void runChecks(generated);
