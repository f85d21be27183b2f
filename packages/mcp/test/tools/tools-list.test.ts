// The tools/list answer holds every rule of the description an agent needs to write a valid call
// (read here from the description itself, so a new rule there must reach the tools), and stays
// within its token budget, counted as bytes / 4.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS_LIST_TOKEN_BUDGET } from '../../src/index.js';
import { openSession, type Session } from '../helpers/session.js';

const spec = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@merchant-ordering/spec/openapi.dereferenced.json'), 'utf8'));
const listPayments = spec.paths['/v2/payments'].get;
type Parameter = { in: string; name: string; description: string; schema: Record<string, any> };
const queryParameters = (operation: { parameters: Parameter[] }) => operation.parameters.filter((parameter) => parameter.in === 'query');

let session: Session;
let answer: { tools: { name: string; description?: string; inputSchema: { properties?: Record<string, any> } }[] };
beforeAll(async () => {
  session = await openSession();
  answer = (await session.client.listTools()) as typeof answer;
});
afterAll(() => session?.close());

const tool = (name: string) => answer.tools.find((candidate) => candidate.name === name)!;

describe('the rules of the description in tools/list', () => {
  it("list_payments has every query parameter, with the description's own words", () => {
    const properties = tool('list_payments').inputSchema.properties!;
    expect(Object.keys(properties).sort()).toEqual(
      queryParameters(listPayments)
        .map((parameter) => parameter.name)
        .sort(),
    );
    for (const parameter of queryParameters(listPayments)) expect(properties[parameter.name].description, parameter.name).toBe(parameter.description);
  });

  it('limits: every minimum, maximum and minItems of the parameters, e.g. limit 1 to 250', () => {
    const properties = tool('list_payments').inputSchema.properties!;
    for (const { name, schema } of queryParameters(listPayments)) {
      for (const keyword of ['minimum', 'maximum', 'minItems', 'default', 'type'])
        expect(properties[name][keyword], `${name}.${keyword}`).toEqual(schema[keyword]);
    }
    expect(properties.limit).toMatchObject({ minimum: 1, maximum: 250 });
  });

  it('array form: each array parameter is a JSON array whose description says to repeat it, never comma-separated', () => {
    const arrays = queryParameters(listPayments).filter((parameter) => parameter.schema.type === 'array');
    expect(arrays.map((parameter) => parameter.name).sort()).toEqual(['ids', 'merchantReferences', 'statuses', 'tokens']);
    for (const { name } of arrays) {
      const property = tool('list_payments').inputSchema.properties![name];
      expect(property.type).toBe('array');
      expect(property.description, name).toMatch(/Repeat the parameter once per value/);
      expect(property.description, name).toMatch(/comma-separated values and square brackets are refused/);
    }
  });

  it('date form: the pattern of fromCreatedDate and toCreatedDate, the %2B rule, and how to write a + here', () => {
    for (const name of ['fromCreatedDate', 'toCreatedDate']) {
      const property = tool('list_payments').inputSchema.properties![name];
      expect(property.pattern).toBe(spec.components.schemas.QueryDateTime.pattern);
      expect(property.description).toContain('%2B');
    }
    expect(tool('list_payments').description).toContain('give `+11:00` (never `%2B11:00`)');
  });

  it('statuses: the known values (APPROVED, DECLINED) and that the list is open', () => {
    const statuses = tool('list_payments').inputSchema.properties!.statuses;
    expect(statuses.items.examples).toEqual(spec.components.schemas.KnownPaymentStatus.enum);
    expect(statuses.description).toMatch(/not exhaustive/);
    expect(tool('list_payments').inputSchema.properties!.orderBy.enum).toEqual(['createdAt', 'id', 'totalAmount', 'merchantReference', 'email']);
  });

  it('summarise_payments has the same filters with the same rules, and says when it stops', () => {
    const filters = tool('summarise_payments').inputSchema.properties!;
    expect(Object.keys(filters).sort()).toEqual(['fromCreatedDate', 'ids', 'merchantReferences', 'statuses', 'toCreatedDate', 'tokens']);
    for (const name of Object.keys(filters)) expect(filters[name]).toEqual(tool('list_payments').inputSchema.properties![name]);
    expect(tool('summarise_payments').description).toMatch(/10,000 payments or 60 seconds.*partial/);
  });

  it('get_configuration: include with its known values', () => {
    const include = tool('get_configuration').inputSchema.properties!.include;
    expect(include.items.examples).toEqual(['publicid', 'consumerlending', 'paybyinstallment']);
  });
});

describe('size', () => {
  it(`the tools/list answer is within ${TOOLS_LIST_TOKEN_BUDGET.toLocaleString('en')} tokens (bytes / 4)`, () => {
    const tokens = Buffer.byteLength(JSON.stringify(answer)) / 4;
    expect(tokens).toBeLessThanOrEqual(TOOLS_LIST_TOKEN_BUDGET);
  });
});
