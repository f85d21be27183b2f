// Maps the harness calls onto the client openapi-generator's typescript-fetch generator wrote with its
// default settings.
import {
  Configuration,
  ConfigurationApi,
  ModelErrorFromJSON,
  PaymentsApi,
  ResponseError,
  type KnownPaymentStatus,
  type ListPaymentsRequest,
} from './generated';
import { runChecks, type Connection, type GeneratedClient, type Reply } from './harness';

function configurationFor(connection: Connection) {
  return new Configuration({
    basePath: connection.baseUrl,
    username: connection.merchantId,
    password: connection.secretKey,
    headers: { 'User-Agent': 'generator-matrix/openapi-generator-typescript-fetch (Node.js)' },
  });
}

// How a caller writes a status filter: known values are offered by the generated KnownPaymentStatus
// (a union of literals), any other status is a plain string.
const approved: KnownPaymentStatus = 'APPROVED';
export const example: ListPaymentsRequest = { statuses: [approved, 'ON_HOLD'] };

/** The client throws ResponseError for a non-2xx answer; its body is read with the generated ModelErrorFromJSON (the Error schema; `Error` is taken in TypeScript). */
async function reply(call: () => Promise<{ raw: Response; value(): Promise<unknown> }>): Promise<Reply> {
  try {
    const response = await call();
    return { status: response.raw.status, body: await response.value() };
  } catch (error) {
    if (!(error instanceof ResponseError)) throw error;
    const body = ModelErrorFromJSON(await error.response.json());
    return { status: error.response.status, body, error: { errorCode: body.errorCode, errorId: body.errorId } };
  }
}

const generated: GeneratedClient = {
  listPayments: (connection, query) => reply(() => new PaymentsApi(configurationFor(connection)).listPaymentsRaw(query)),
  getConfiguration: (connection, query) => reply(() => new ConfigurationApi(configurationFor(connection)).getConfigurationRaw(query)),
};

void runChecks(generated);
