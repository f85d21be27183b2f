// Maps the harness calls onto the client orval generated (also for the orval-zod target); fetcher.ts is
// passed as each call's fetchFn.
import { getConfiguration, listPayments } from './generated/client';
import { fetcherFor } from './fetcher';
import { runChecks, type Connection, type GeneratedClient, type Reply } from './harness';

function requestFor(connection: Connection): RequestInit {
  const credentials = Buffer.from(`${connection.merchantId}:${connection.secretKey}`, 'utf8').toString('base64');
  return { headers: { Authorization: `Basic ${credentials}`, 'User-Agent': 'generator-matrix/orval (Node.js)' } };
}

// orval types each status with its own body, so a non-200 narrows `data` to the spec's Error.
function reply(result: Awaited<ReturnType<typeof listPayments>> | Awaited<ReturnType<typeof getConfiguration>>): Reply {
  if (result.status === 200) return { status: result.status, body: result.data };
  const { errorCode, errorId } = result.data;
  return { status: result.status, body: result.data, error: { errorCode, errorId } };
}

const generated: GeneratedClient = {
  listPayments: async (connection, query) => reply(await listPayments(query, requestFor(connection), fetcherFor(connection.baseUrl))),
  getConfiguration: async (connection, query) => reply(await getConfiguration(query, requestFor(connection), fetcherFor(connection.baseUrl))),
};

void runChecks(generated);
