// The bin over stdio, as an agent host starts it: the SDK's client spawns it, lists the tools and calls
// one; the process stops when its stdin closes and on SIGINT or SIGTERM.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, startBin } from '../helpers/bin.js';

describe('stdio', () => {
  it('the SDK client spawns it, negotiates 2025-11-25, lists the tools and lists payments from the sandbox', async () => {
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env: cleanEnv() as Record<string, string>, stderr: 'pipe' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'merchant-ordering-mcp' });
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      expect((await client.listTools()).tools).toHaveLength(4);
      const result = await client.callTool({ name: 'list_payments', arguments: { limit: 1, statuses: ['DECLINED'] } });
      expect(result.structuredContent).toMatchObject({ source: { kind: 'sandbox' }, limit: 1, results: [{ status: 'DECLINED' }] });
    } finally {
      await client.close();
    }
  });

  it('exits 0 when the host closes its stdin', async () => {
    const running = await startBin([], /serving MCP on stdio/);
    running.child.stdin!.end();
    expect(await running.exited).toBe(0);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('stops on %s with code %i', async (signal, code) => {
    const running = await startBin([], /serving MCP on stdio/);
    running.child.kill(signal);
    expect(await running.exited).toBe(code);
  });
});
