// Property: for any valid List Payments query, what a real HTTP server parses from the request line
// with URLSearchParams equals what the caller passed (dates in the documented form, arrays in order).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, ValidationError, type ListPaymentsQuery } from '../../src/index.js';
import { CREDENTIALS } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

const SPEC_ORDER = ['toCreatedDate', 'fromCreatedDate', 'limit', 'offset', 'tokens', 'ids', 'merchantReferences', 'statuses', 'orderBy', 'ascending'];

// Any well-formed Unicode but a comma (the service's separator), biased towards the characters that break naive encoders.
const text = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
    fc.string({ unit: fc.constantFrom('&', '+', ' ', '%', '=', '#', '?', '/', '[', ']', 'é', '№', '😀', 'a'), minLength: 1, maxLength: 8 }),
  )
  .filter((value) => !/\p{Cs}/u.test(value) && !value.includes(','));
const values = fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 4 }));

/** A date-time string at `offsetMinutes` from UTC, for the instant `date`, with 0 (no fraction) to 6 fractional digits. */
function inOffset(date: Date, offsetMinutes: number, fractionDigits: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ
  const fraction = local.slice(20, 23).padEnd(fractionDigits, '0').slice(0, fractionDigits);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone = offsetMinutes === 0 && fractionDigits % 2 ? 'Z' : `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local.slice(0, 19)}${fraction ? `.${fraction}` : ''}${zone}`;
}

const instant = fc.date({ min: new Date('1000-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true });
const dateInput = fc.oneof(
  instant,
  fc
    .tuple(instant, fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }), fc.integer({ min: 0, max: 6 }))
    .map(([date, offset, digits]) => inOffset(date, offset, digits)),
);
const instantOf = (value: Date | string) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

const validQuery = fc
  .record(
    {
      toCreatedDate: dateInput,
      fromCreatedDate: dateInput,
      limit: fc.integer({ min: 1, max: 250 }),
      offset: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      tokens: values,
      ids: values,
      merchantReferences: values,
      statuses: values,
      orderBy: fc.constantFrom('createdAt', 'id', 'totalAmount', 'merchantReference', 'email' as const),
      ascending: fc.boolean(),
    },
    { requiredKeys: [] },
  )
  .map((query) => {
    // Keep from <= to by swapping when both are given.
    const { fromCreatedDate: from, toCreatedDate: to } = query;
    return from !== undefined && to !== undefined && instantOf(from) > instantOf(to) ? { ...query, fromCreatedDate: to, toCreatedDate: from } : query;
  });

function expectedValues(value: unknown): string[] {
  if (value instanceof Date) return [value.toISOString()];
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[Z+-]/.test(value)) return [`${value.slice(0, 19)}.000${value.slice(19)}`];
  return (Array.isArray(value) ? value : [value]).map(String);
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ totalResults: 0, offset: 0, limit: 20, results: [] }));
  });
});
afterAll(() => server.close());

describe('query encoding, property-based', () => {
  it('what the server parses equals what the caller passed, in spec order, with no raw +', async () => {
    const client = createClient({ ...CREDENTIALS, baseUrl: server.url, retries: 0 });
    await fc.assert(
      fc.asyncProperty(validQuery, async (query) => {
        const before = server.requests.length;
        await client.listPayments(query as ListPaymentsQuery);
        const { target } = server.requests[before]!;
        const search = target.slice(target.indexOf('?') + 1);
        const parsed = new URLSearchParams(target.includes('?') ? search : '');
        const given = Object.entries(query).filter(([, value]) => value !== undefined);
        expect([...new Set(parsed.keys())]).toEqual(SPEC_ORDER.filter((name) => given.some(([key]) => key === name)));
        for (const [name, value] of given) expect(parsed.getAll(name)).toEqual(expectedValues(value));
        expect(search.includes('+')).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('any query holding an empty string, a lone surrogate or a comma is refused before the network', async () => {
    const client = createClient({ ...CREDENTIALS, baseUrl: server.url, retries: 0 });
    const poison = fc.oneof(
      fc.constantFrom('', '\uD800', 'a\uDFFFb'),
      fc.tuple(text, text).map(([a, b]) => `${a},${b}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('tokens', 'ids', 'merchantReferences', 'statuses'),
        fc.array(text, { maxLength: 3 }),
        poison,
        async (name, good, bad) => {
          const before = server.requests.length;
          const thrown = await client.listPayments({ [name]: [...good, bad] }).catch((error: unknown) => error);
          expect(thrown).toBeInstanceOf(ValidationError);
          expect(server.requests.length).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });
});
