// get_configuration: GET /v2/configuration through the client, `include` as the description states it.
import { operation, queryParameters } from '../spec.js';
import { parametersSchema } from './parameters-schema.js';
import { READ_ONLY, SOURCE_SCHEMA, type Tool } from './tool.js';

export function getConfigurationTool(): Tool & { annotations: typeof READ_ONLY } {
  const { summary, description } = operation('getConfiguration');
  return {
    name: 'get_configuration',
    title: summary,
    description: `${summary}. ${description.trim()}`,
    inputSchema: parametersSchema(queryParameters('getConfiguration')),
    outputSchema: {
      type: 'object',
      required: ['source', 'configuration'],
      properties: {
        source: SOURCE_SCHEMA,
        configuration: { type: 'object', description: 'The MerchantConfiguration object, as the API returns it (see the description resource).' },
      },
    },
    annotations: READ_ONLY,
    async run(args, { client, signal }) {
      return { configuration: await client.getConfiguration(args, { signal }) };
    },
  };
}
