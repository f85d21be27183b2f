// Maps the harness calls onto the functions Kubb generated, on Kubb's bundled axios client. The one axios
// setting is what a team needs for the documented wire format: without it axios sends `statuses[]=…`,
// which the service refuses.
import { isAxiosError } from 'axios';
import { axiosInstance, fetch as kubbClient, type Client, type RequestConfig } from './generated/.kubb/fetch';
import { getConfiguration } from './generated/clients/getConfiguration';
import { listPayments } from './generated/clients/listPayments';
import type { GetConfiguration401 } from './generated/types/GetConfiguration';
import type { ListPayments401 } from './generated/types/ListPayments';
import { runChecks, type Connection, type GeneratedClient, type Reply } from './harness';

const headers = { 'User-Agent': 'generator-matrix/kubb (Node.js)' };

// Repeated keys with no brackets (indexes: null). Set on the exported axios instance: the bundled
// RequestConfig type has no paramsSerializer.
axiosInstance.defaults.paramsSerializer = { indexes: null };

/** Per-call config, and a client that keeps the status (the generated functions return only the body). */
function configFor(connection: Connection, seen: { status?: number }) {
  const config: Partial<RequestConfig> = {
    baseURL: connection.baseUrl,
    headers: { Authorization: `Basic ${Buffer.from(`${connection.merchantId}:${connection.secretKey}`, 'utf8').toString('base64')}` },
  };
  const client: Client = async (request) => {
    const response = await kubbClient(request);
    seen.status = response.status;
    return response as never;
  };
  return { ...config, client };
}

/** A non-2xx answer rejects with axios's error; its body is the generated 401 type (the spec's Error). */
async function reply(call: (seen: { status?: number }) => Promise<unknown>): Promise<Reply> {
  const seen: { status?: number } = {};
  try {
    const body = await call(seen);
    return { status: seen.status ?? 0, body };
  } catch (error) {
    if (!isAxiosError<ListPayments401 | GetConfiguration401>(error) || !error.response) throw error;
    const { data, status } = error.response;
    return { status, body: data, error: { errorCode: data.errorCode, errorId: data.errorId } };
  }
}

const generated: GeneratedClient = {
  listPayments: (connection, query) => reply((seen) => listPayments(query, headers, configFor(connection, seen))),
  getConfiguration: (connection, query) => reply((seen) => getConfiguration(query, headers, configFor(connection, seen))),
};

void runChecks(generated);
