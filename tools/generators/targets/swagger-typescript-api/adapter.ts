// Maps the harness calls onto the Api class swagger-typescript-api generated (fetch client, defaults).
import { Api, type Error as ApiError, type HttpResponse } from './generated/client';
import { runChecks, type Connection, type GeneratedClient, type Reply } from './harness';

function apiFor(connection: Connection) {
  const credentials = Buffer.from(`${connection.merchantId}:${connection.secretKey}`, 'utf8').toString('base64');
  return new Api({
    baseUrl: connection.baseUrl,
    baseApiParams: { headers: { 'User-Agent': 'generator-matrix/swagger-typescript-api (Node.js)' } },
    // Called for every operation the spec marks as secured (all but Ping).
    securityWorker: () => ({ headers: { Authorization: `Basic ${credentials}` } }),
  });
}

/** The client rejects a non-2xx answer with the response itself, its parsed body in the typed `error`. */
async function reply(call: () => Promise<HttpResponse<unknown, ApiError>>): Promise<Reply> {
  try {
    const response = await call();
    return { status: response.status, body: response.data };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const { error } = thrown as HttpResponse<unknown, ApiError>;
    return { status: thrown.status, body: error, error: { errorCode: error.errorCode, errorId: error.errorId } };
  }
}

const generated: GeneratedClient = {
  listPayments: (connection, query) => reply(() => apiFor(connection).v2.listPayments(query)),
  getConfiguration: (connection, query) => reply(() => apiFor(connection).v2.getConfiguration(query)),
};

void runChecks(generated);
