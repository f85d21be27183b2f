import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { clientWith } from '../helpers/client.js';
import { json, queryOf } from '../helpers/fake-fetch.js';
import type { QueryEncodingCase } from '@merchant-ordering/spec/vectors';
import { readVectors } from '../helpers/vectors.js';

const vectors = readVectors('query-encoding.json');
const encoded = vectors.cases.filter((c) => c.query !== undefined);
const refused = vectors.cases.filter((c) => c.error !== undefined);

function call(operation: QueryEncodingCase['operation'], params: Record<string, unknown>) {
  const { client, fetch } = clientWith(() => json({ totalResults: 0, offset: 0, limit: 20, results: [], maximumAmount: { amount: '1.00', currency: 'AUD' } }));
  const run = operation === 'listPayments' ? () => client.listPayments(params) : () => client.getConfiguration(params);
  return { run, fetch };
}

describe('query strings sent (spec/vectors/query-encoding.json)', () => {
  it('covers both operations and refusals', () => {
    expect(encoded.length).toBeGreaterThan(10);
    expect(refused.length).toBeGreaterThan(10);
  });

  it.each(encoded)('$name', async ({ operation, params, query }) => {
    const { run, fetch } = call(operation, params);
    await run();
    expect(queryOf(fetch.requests[0]!)).toBe(query);
  });
});

describe('input refused before any request (spec/vectors/query-encoding.json)', () => {
  it.each(refused)('$name', async ({ operation, params, error }) => {
    const { run, fetch } = call(operation, params);
    const thrown = await run().catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(ValidationError);
    expect({ param: (thrown as ValidationError).param, rule: (thrown as ValidationError).rule }).toEqual(error);
    expect(fetch.requests).toHaveLength(0);
  });
});
