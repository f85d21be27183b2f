// ping: GET /ping through the client, which sends no credentials to it.
import { operation } from '../spec.js';
import { READ_ONLY, SOURCE_SCHEMA, type Tool } from './tool.js';

export function pingTool(): Tool & { annotations: typeof READ_ONLY } {
  const { summary, description } = operation('ping');
  return {
    name: 'ping',
    title: summary,
    description: `${summary}. ${description.trim()} Answers whether the service (or the sandbox) is up; sends no credentials.`,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: { type: 'object', required: ['source', 'pong'], properties: { source: SOURCE_SCHEMA, pong: { type: 'boolean', const: true } } },
    annotations: READ_ONLY,
    async run(_args, { client, signal }) {
      await client.ping({ signal });
      return { pong: true };
    },
  };
}
