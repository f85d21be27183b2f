// Maps the harness calls onto the zodios client openapi-zod-client generated. The axios settings are the
// ones a team needs for the documented wire format: without them axios sends `statuses[]=…`, leaves `:`
// and `,` raw and writes a space as `+`.
import { isErrorFromAlias } from '@zodios/core';
import { isAxiosError, type AxiosResponse } from 'axios';
import { createApiClient } from './generated/client';
import { keysInSpecOrder } from './spec-order';
import { runChecks, type Connection, type GeneratedClient, type Reply } from './harness';

const headers = { 'User-Agent': 'generator-matrix/openapi-zod-client (Node.js)' };

/** Repeated keys with no brackets (indexes: null), each name and value through encodeURIComponent. */
const paramsSerializer = { indexes: null, encode: encodeURIComponent };

function clientFor(connection: Connection) {
  const api = createApiClient(connection.baseUrl, {
    axiosConfig: { auth: { username: connection.merchantId, password: connection.secretKey }, paramsSerializer },
  });
  // A request plugin puts the query in spec order (zodios hands axios the caller's key order); zodios
  // returns only the body, so a response plugin keeps the status for the harness.
  api.use({ request: async (_api, config) => ({ ...config, queries: keysInSpecOrder(config.url, config.queries) }) });
  const seen: { response?: AxiosResponse } = {};
  api.use({ response: async (_api, _config, response) => (seen.response = response) });
  return { api, seen };
}

type Api = ReturnType<typeof createApiClient>;

/** A non-2xx answer rejects with axios's error; isErrorFromAlias narrows its body to the alias's error types. */
async function reply(api: Api, alias: 'listPayments' | 'getConfiguration', call: () => Promise<unknown>, seen: { response?: AxiosResponse }): Promise<Reply> {
  try {
    const body = await call();
    return { status: seen.response?.status ?? 0, body };
  } catch (error) {
    if (isErrorFromAlias(api.api, alias, error)) {
      const { errorCode, errorId } = error.response.data;
      return { status: error.response.status, body: error.response.data, error: { errorCode, errorId } };
    }
    if (isAxiosError(error) && error.response) return { status: error.response.status, body: error.response.data };
    throw error;
  }
}

const generated: GeneratedClient = {
  async listPayments(connection, queries) {
    const { api, seen } = clientFor(connection);
    return reply(api, 'listPayments', () => api.listPayments({ queries, headers }), seen);
  },
  async getConfiguration(connection, queries) {
    const { api, seen } = clientFor(connection);
    return reply(api, 'getConfiguration', () => api.getConfiguration({ queries, headers }), seen);
  },
};

void runChecks(generated);
