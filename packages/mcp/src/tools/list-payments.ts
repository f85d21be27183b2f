// list_payments: one page of GET /v2/payments through the client. Every filter of the description is
// an argument, with the description's words and rules; the client validates them before sending.
import { operation, queryParameters } from '../spec.js';
import { parametersSchema } from './parameters-schema.js';
import { DATA_NOTE, READ_ONLY, SOURCE_SCHEMA, type JsonSchema, type Tool } from './tool.js';

/** How an agent writes values: as they are. The client encodes them for the query string. */
export const WRITING_NOTE =
  'Write values as they are: this server URL-encodes them and repeats array parameters, so give `+11:00` (never `%2B11:00`) and a JSON array for ids, tokens, merchantReferences and statuses.';

export const TRUNCATED_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Present when the page was cut to keep the result within 100,000 bytes.',
  required: ['returned', 'of', 'note'],
  properties: { returned: { type: 'integer' }, of: { type: 'integer' }, note: { type: 'string' } },
};

export function listPaymentsTool(): Tool & { annotations: typeof READ_ONLY } {
  const { summary, description } = operation('listPayments');
  return {
    name: 'list_payments',
    title: summary,
    description: `${summary}. ${description.trim()}\n\n${WRITING_NOTE} For totals over many pages use summarise_payments. ${DATA_NOTE}`,
    inputSchema: parametersSchema(queryParameters('listPayments')),
    outputSchema: {
      type: 'object',
      required: ['source', 'totalResults', 'offset', 'limit', 'results'],
      properties: {
        source: SOURCE_SCHEMA,
        totalResults: { type: 'integer', description: 'Payments matching the query, across all pages.' },
        offset: { type: 'integer' },
        limit: { type: 'integer' },
        results: { type: 'array', items: { type: 'object' }, description: 'Payment objects as the API returns them (see the description resource).' },
        truncated: TRUNCATED_SCHEMA,
      },
    },
    annotations: READ_ONLY,
    async run(args, { client, signal }) {
      const { totalResults, offset, limit, results } = await client.listPayments(args, { signal });
      return { totalResults, offset, limit, results };
    },
  };
}
