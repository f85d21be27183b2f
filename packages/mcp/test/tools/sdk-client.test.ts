// The SDK's own client lists the tools and calls each against the sandbox; each answer is the same as
// the same call made through @merchant-ordering/client on the same sandbox.
import type { ListPaymentsQuery } from '@merchant-ordering/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../helpers/session.js';

let session: Session;
beforeAll(async () => {
  session = await openSession();
});
afterAll(() => session?.close());

const SANDBOX_SOURCE = { kind: 'sandbox', baseUrl: 'https://global-api-sandbox.afterpay.com' };

describe('tools/list through the SDK client', () => {
  it('lists ping, get_configuration, list_payments and summarise_payments, each read-only and idempotent with an output schema', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['ping', 'get_configuration', 'list_payments', 'summarise_payments']);
    for (const tool of tools) {
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, idempotentHint: true, destructiveHint: false });
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.outputSchema?.required, tool.name).toContain('source');
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    }
  });
});

describe('each tool against the sandbox, compared with the client', () => {
  it('ping answers pong, from the sandbox', async () => {
    const result = await session.client.callTool({ name: 'ping', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ source: SANDBOX_SOURCE, pong: true });
  });

  it('get_configuration gives what client.getConfiguration gives, include and all', async () => {
    const include = ['publicid', 'consumerlending', 'paybyinstallment'];
    const result = await session.client.callTool({ name: 'get_configuration', arguments: { include } });
    expect(result.structuredContent).toEqual({ source: SANDBOX_SOURCE, configuration: await session.connection.client.getConfiguration({ include }) });
  });

  it('list_payments gives the page client.listPayments gives, for every kind of filter', async () => {
    const queries: ListPaymentsQuery[] = [
      {},
      { limit: 5, offset: 3, orderBy: 'totalAmount', ascending: true },
      { statuses: ['DECLINED'], limit: 3 },
      { fromCreatedDate: '2024-06-01T00:00:00.000+10:00', toCreatedDate: '2024-09-30T23:59:59.999Z', limit: 4 },
    ];
    for (const query of queries) {
      const result = await session.client.callTool({ name: 'list_payments', arguments: query as Record<string, unknown> });
      const page = await session.connection.client.listPayments(query);
      expect(result.isError, JSON.stringify(query)).toBeFalsy();
      expect(result.structuredContent, JSON.stringify(query)).toEqual({
        source: SANDBOX_SOURCE,
        totalResults: page.totalResults,
        offset: page.offset,
        limit: page.limit,
        results: page.results,
      });
    }
  });

  it('list_payments finds a payment by its id, token and merchant reference, values as JSON arrays', async () => {
    const [payment] = (await session.connection.client.listPayments({ limit: 1 })).results;
    for (const [name, value] of [
      ['ids', payment!.id],
      ['tokens', payment!.token],
      ['merchantReferences', payment!.merchantReference],
    ] as const) {
      const result = await session.client.callTool({ name: 'list_payments', arguments: { [name]: [value] } });
      expect(
        (result.structuredContent as { results: { id: string }[] }).results.map((found) => found.id),
        name,
      ).toContain(payment!.id);
    }
  });

  it('summarise_payments counts and totals every payment per status and currency, exactly as a walk through the client sums them', async () => {
    const filters = { fromCreatedDate: '2024-01-01T00:00:00.000Z' };
    const result = await session.client.callTool({ name: 'summarise_payments', arguments: filters });
    const expected = new Map<string, { count: number; minor: bigint }>();
    for await (const payment of session.connection.client.iteratePayments(filters)) {
      const key = `${payment.status}|${payment.originalAmount?.currency}`;
      const [units, cents] = payment.originalAmount!.amount.split('.');
      const entry = expected.get(key) ?? { count: 0, minor: 0n };
      expected.set(key, { count: entry.count + 1, minor: entry.minor + BigInt(units!) * 100n + BigInt(cents!) });
    }
    const summary = result.structuredContent as {
      complete: boolean;
      counted: number;
      matching: number;
      groups: { status: string; currency: string; count: number; totalMinorUnits: string; total: string }[];
    };
    expect(summary.complete).toBe(true);
    expect(summary.counted).toBe([...expected.values()].reduce((sum, entry) => sum + entry.count, 0));
    expect(summary.matching).toBe(summary.counted);
    expect(
      Object.fromEntries(summary.groups.map((group) => [`${group.status}|${group.currency}`, { count: group.count, minor: BigInt(group.totalMinorUnits) }])),
    ).toEqual(Object.fromEntries(expected));
    for (const group of summary.groups)
      expect(group.total).toBe(`${group.totalMinorUnits.slice(0, -2) || '0'}.${group.totalMinorUnits.padStart(2, '0').slice(-2)}`);
  });

  it('every result carries the same JSON as text beside its structured content', async () => {
    const result = await session.client.callTool({ name: 'list_payments', arguments: { limit: 2 } });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
  });
});

describe('resources', () => {
  it('lists the description and the traps, and reads the description as the spec package ships it', async () => {
    const { resources } = await session.client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining(['merchant-ordering://description/openapi.json', 'merchant-ordering://docs/traps.md']),
    );
    const { contents } = await session.client.readResource({ uri: 'merchant-ordering://description/openapi.json' });
    const { readFileSync } = await import('node:fs');
    const { createRequire } = await import('node:module');
    expect((contents[0] as { text: string }).text).toBe(readFileSync(createRequire(import.meta.url).resolve('@merchant-ordering/spec/openapi.json'), 'utf8'));
  });

  it("serves the docs' reference for agents as the docs build it: llms.txt, llms-full.txt, traps.md and every Markdown page", async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const docs = new URL('../../../docs/dist/', import.meta.url);
    const built = [
      'llms.txt',
      'llms-full.txt',
      'traps.md',
      'overview.md',
      ...(['operations', 'records'] as const).flatMap((folder) => readdirSync(new URL(`${folder}/`, docs)).map((name) => `${folder}/${name}`)),
    ];
    const { resources } = await session.client.listResources();
    expect(
      resources
        .filter((resource) => resource.uri.startsWith('merchant-ordering://docs/'))
        .map((resource) => resource.uri)
        .sort(),
    ).toEqual(built.map((file) => `merchant-ordering://docs/${file}`).sort());
    for (const file of built) {
      const { contents } = await session.client.readResource({ uri: `merchant-ordering://docs/${file}` });
      expect((contents[0] as { text: string }).text, file).toBe(readFileSync(new URL(file, docs), 'utf8'));
    }
    // llms.txt's links resolve to served resources.
    const llms = readFileSync(new URL('llms.txt', docs), 'utf8');
    for (const [, link] of llms.matchAll(/\]\(([\w/-]+\.(?:md|txt))\)/g))
      expect(
        resources.map((resource) => resource.uri),
        link,
      ).toContain(`merchant-ordering://docs/${link}`);
  });

  it('every resource reads within 100,000 bytes, as every tool result does', async () => {
    const { resources } = await session.client.listResources();
    for (const { uri } of resources) expect(Buffer.byteLength(JSON.stringify(await session.client.readResource({ uri }))), uri).toBeLessThanOrEqual(100_000);
  });

  it("the server's instructions point at llms.txt and the traps by URIs it lists", async () => {
    const instructions = session.client.getInstructions() ?? '';
    const named = [...instructions.matchAll(/merchant-ordering:\/\/[\w./-]+[\w]/g)].map(([uri]) => uri);
    expect(named).toEqual(['merchant-ordering://docs/llms.txt', 'merchant-ordering://docs/traps.md']);
    const { resources } = await session.client.listResources();
    for (const uri of named) expect(resources.map((resource) => resource.uri)).toContain(uri);
  });

  it("the traps are the docs' one list, served once: traps.md as the docs build it, the list llms.txt opens with", async () => {
    const { resources } = await session.client.listResources();
    expect(resources.filter((resource) => /trap/i.test(`${resource.uri} ${resource.name} ${resource.title}`)).map((resource) => resource.uri)).toEqual([
      'merchant-ordering://docs/traps.md',
    ]);
    const text = async (uri: string) => ((await session.client.readResource({ uri })).contents[0] as { text: string }).text;
    const traps = await text('merchant-ordering://docs/traps.md');
    const { readFileSync } = await import('node:fs');
    expect(traps).toBe(readFileSync(new URL('../../../docs/dist/traps.md', import.meta.url), 'utf8'));
    const items = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('- '));
    const llms = await text('merchant-ordering://docs/llms.txt');
    expect(items(traps)).toEqual(items(llms.slice(llms.indexOf('\n## Traps\n'), llms.indexOf('\n## Operations\n'))));
    for (const name of ['fromCreatedDate', 'toCreatedDate', 'statuses', 'tokens'])
      expect(traps).toContain(`- \`${name}\` of List payments: the API document lists`);
    expect(traps).toContain('repeat the key once per value');
    expect(traps).toContain('`%2B`');
    expect(traps).toMatch(/500 when List Payments: usually a malformed/);
    expect(traps).toMatch(/`PaymentStatus` is an open list: .*not exhaustive/);
  });
});

describe('--live', () => {
  it('every result names the live base URL it came from, credentials from the environment', async () => {
    const { Client, InMemoryTransport } = await import('@modelcontextprotocol/client');
    const { createSandbox } = await import('@merchant-ordering/sandbox/fetch');
    const { createMcpServer, liveConnection } = await import('../../src/index.js');
    const sandbox = await createSandbox();
    // A service that behaves as the API does, reached at a base URL of the user's choice.
    const connection = liveConnection({
      env: { MERCHANT_ID: sandbox.credentials.merchantId, SECRET_KEY: sandbox.credentials.secretKey },
      baseUrl: 'https://proxy.example/',
      fetch: sandbox.fetch,
    });
    const server = createMcpServer({ connection });
    const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(hostSide);
    try {
      const result = await client.callTool({ name: 'list_payments', arguments: { limit: 1 } });
      expect(result.structuredContent).toMatchObject({ source: { kind: 'live', baseUrl: 'https://proxy.example/' }, limit: 1 });
    } finally {
      await client.close();
      await sandbox.close();
    }
  });
});

describe('opening the connection', () => {
  it('waits for the first tool call (initialize and tools/list need none), and happens once', async () => {
    const { Client, InMemoryTransport } = await import('@modelcontextprotocol/client');
    const { createMcpServer, sandboxConnection } = await import('../../src/index.js');
    let opened = 0;
    const server = createMcpServer({
      connection: () => {
        opened++;
        return sandboxConnection();
      },
    });
    const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(hostSide);
    try {
      await client.listTools();
      expect(opened).toBe(0);
      await Promise.all([client.callTool({ name: 'ping', arguments: {} }), client.callTool({ name: 'ping', arguments: {} })]);
      expect(opened).toBe(1);
    } finally {
      await client.close();
    }
  });
});
