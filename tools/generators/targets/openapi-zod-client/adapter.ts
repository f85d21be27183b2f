// Maps the harness calls onto the zodios client openapi-zod-client generated. The one axios setting is
// what a team needs for the documented wire format: without it axios sends `statuses[]=…`, which the
// service refuses.
import { isErrorFromAlias } from '@zodios/core';
import { isAxiosError, type AxiosResponse } from 'axios';
import { createApiClient } from './generated/client';
import { runChecks, type Connection, type GeneratedClient, type Reply } from './harness';

const headers = { 'User-Agent': 'generator-matrix/openapi-zod-client (Node.js)' };

/** Repeated keys with no brackets (indexes: null). */
const paramsSerializer = { indexes: null };

function clientFor(connection: Connection) {
  const api = createApiClient(connection.baseUrl, {
    axiosConfig: { auth: { username: connection.merchantId, password: connection.secretKey }, paramsSerializer },
  });
  // zodios returns only the body, so a response plugin keeps the status for the harness.
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
