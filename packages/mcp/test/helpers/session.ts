// An MCP session as an agent host has one: the SDK's own Client, linked in memory to our server on a
// sandbox connection whose fetch counts the requests that reach the sandbox.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { FetchLike } from '@merchant-ordering/client';
import { createMcpServer, sandboxConnection, type Connection, type SummaryLimits } from '../../src/index.js';

export interface Session {
  client: Client;
  connection: Connection;
  /** Requests that reached the sandbox so far. */
  requests: () => number;
  /** What each request asked for, path and query. */
  sent: string[];
  close(): Promise<void>;
}

export async function openSession({ limits, wrap }: { limits?: Partial<SummaryLimits>; wrap?: (fetch: FetchLike) => FetchLike } = {}): Promise<Session> {
  const sent: string[] = [];
  const connection = await sandboxConnection((fetch) => {
    const counted: FetchLike = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      sent.push(`${url.pathname}${url.search}`);
      return fetch(input, init);
    };
    return wrap ? wrap(counted) : counted;
  });
  const server = createMcpServer({ connection, ...(limits && { limits }) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    connection,
    requests: () => sent.length,
    sent,
    async close() {
      await client.close();
      await server.close();
      await connection.close();
    },
  };
}

/** A tool call's text (the first content block). */
export function textOf(result: { content?: unknown }): string {
  const [first] = (result.content ?? []) as { type: string; text?: string }[];
  return first?.text ?? '';
}
