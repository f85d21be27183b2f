// Maps the harness calls onto the client orval generated; fetcher.ts is passed as each call's fetchFn.
import { getConfiguration, listPayments } from './generated/client';
import { fetcherFor } from './fetcher';
import { runChecks, type Connection, type GeneratedClient } from './harness';

function requestFor(connection: Connection): RequestInit {
  const credentials = Buffer.from(`${connection.merchantId}:${connection.secretKey}`, 'utf8').toString('base64');
  return { headers: { Authorization: `Basic ${credentials}`, 'User-Agent': 'generator-matrix/orval (Node.js)' } };
}

const generated: GeneratedClient = {
  async listPayments(connection, query) {
    const { status, data } = await listPayments(query, requestFor(connection), fetcherFor(connection.baseUrl));
    return { status, body: data };
  },
  async getConfiguration(connection, query) {
    const { status, data } = await getConfiguration(query, requestFor(connection), fetcherFor(connection.baseUrl));
    return { status, body: data };
  },
};

void runChecks(generated);
