// Hostile arguments: each is a clear tool error naming the field and the rule, and nothing reaches the
// sandbox (the session's fetch counts every request).
import type { VectorFiles } from '@merchant-ordering/spec/vectors';
import { vectorsReader } from '@merchant-ordering/test-kit/vectors';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ARGUMENT_BYTES } from '../../src/index.js';
import { openSession, textOf, type Session } from '../helpers/session.js';

const vectors = vectorsReader<VectorFiles>(import.meta.url)('date-time.json');
const WRONG_DATES = vectors.cases.filter((vector) => !vector.valid).map((vector) => vector.value);

let session: Session;
beforeAll(async () => {
  session = await openSession();
});
afterAll(() => session?.close());
afterEach(() => {
  expect(session.sent, 'requests sent to the sandbox').toEqual([]);
});

async function refusal(name: string, args: Record<string, unknown>) {
  const result = await session.client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(args).slice(0, 200)).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return textOf(result);
}

describe('refused before anything is sent', () => {
  it('a limit of 10^9: the field and the rule (1 to 250)', async () => {
    expect(await refusal('list_payments', { limit: 1e9 })).toBe(
      'Refused, nothing was sent: limit must be an integer from 1 to 250, got 1000000000 (field "limit", rule maximum).',
    );
  });

  it(`every wrong date form of spec/vectors/date-time.json (${WRONG_DATES.length}), in fromCreatedDate, toCreatedDate and summarise_payments`, async () => {
    expect(WRONG_DATES.length).toBeGreaterThan(20);
    for (const value of WRONG_DATES) {
      expect(await refusal('list_payments', { fromCreatedDate: value })).toMatch(
        /^Refused, nothing was sent: fromCreatedDate must be .*\(field "fromCreatedDate", rule (format|date)\w*\)\.$/,
      );
      expect(await refusal('list_payments', { toCreatedDate: value })).toContain('(field "toCreatedDate"');
      expect(await refusal('summarise_payments', { fromCreatedDate: value })).toContain('(field "fromCreatedDate"');
    }
  });

  it('a date written with %2B, as the description says it travels, is refused: the server encodes, the agent writes +', async () => {
    expect(await refusal('list_payments', { fromCreatedDate: '2024-01-01T09:00:00.000%2B11:00' })).toContain('(field "fromCreatedDate"');
  });

  it('statuses comma-separated in one string, and an empty array', async () => {
    expect(await refusal('list_payments', { statuses: [] })).toContain('(field "statuses"');
    expect(await refusal('list_payments', { statuses: ['APPROVED,DECLINED'] })).toContain('(field "statuses');
  });

  it('prototype keys: constructor and prototype are unknown parameters, for every tool', async () => {
    for (const name of ['ping', 'get_configuration', 'list_payments', 'summarise_payments']) {
      for (const key of ['constructor', 'prototype', 'toString'])
        expect(await refusal(name, { [key]: { limit: 1 } })).toContain(`(field "${key}", rule unknown)`);
    }
  });

  it('summarise_payments refuses the paging arguments it sets itself', async () => {
    expect(await refusal('summarise_payments', { limit: 10 })).toContain('(field "limit", rule unknown)');
  });

  it('a 10 MB argument: refused for its size, naming the bound', async () => {
    const text = await refusal('list_payments', { merchantReferences: ['x'.repeat(10 * 1024 * 1024)] });
    expect(text).toBe(
      `Refused, nothing was sent: arguments must be at most ${MAX_ARGUMENT_BYTES.toLocaleString('en')} bytes of JSON, got 10,485,787 (field "arguments", rule maxBytes).`,
    );
  });

  it('an unknown tool', async () => {
    expect(await refusal('delete_payment', {})).toContain('no tool "delete_payment"');
  });
});

describe('a __proto__ key, as JSON on the wire (the SDK would drop it silently)', () => {
  it('is a tool error naming the key, at any depth, and nothing is sent', async () => {
    const { createMcpServer } = await import('../../src/index.js');
    const server = createMcpServer({ connection: session.connection });
    const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const answers: { id?: number; result?: { isError?: boolean; content: { text: string }[] } }[] = [];
    hostSide.onmessage = (message) => void answers.push(message as never);
    await hostSide.start();
    const send = (json: string) => hostSide.send(JSON.parse(json));
    await send(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}',
    );
    await send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    await send('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_payments","arguments":{"__proto__":{"limit":1}}}}');
    await send('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_payments","arguments":{"statuses":[{"__proto__":{}}]}}}');
    await expect.poll(() => answers.filter((answer) => answer.id === 2 || answer.id === 3).length).toBe(2);
    for (const id of [2, 3]) {
      const answer = answers.find((candidate) => candidate.id === id)!;
      expect(answer.result?.isError).toBe(true);
      expect(answer.result?.content[0]?.text).toBe(
        'Refused, nothing was sent: "__proto__" is a prototype key, never a parameter: leave it out (field "__proto__", rule prototype).',
      );
    }
    await hostSide.close();
    await server.close();
  });
});
