// Consumer contract, bad queries: each query the description forbids, sent raw (a hand-built URL and
// plain fetch, bypassing the client's own validation), gets 422 with the documented Error body. The
// client must refuse the same input itself, before any request.
import assert from 'node:assert/strict';
import { assertMatchesSchema } from './assertions.mjs';
import { BASIC, CREDENTIALS, ValidationError, createClient } from './client.mjs';

// query: exactly what goes on the wire. parameter: the one at fault. client: the same input given to
// listPayments (omitted where the client's types cannot express it, or where the client corrects it).
// proseOnly: forbidden by a description's words, not its schema, so the mock lets it through
// (QueryDateTime has a pattern and, on purpose, no `format: date-time`; it says a value must still be a real date).
const BAD_QUERIES = [
  { label: 'limit of 0', query: 'limit=0', parameter: 'limit', client: { limit: 0 } },
  { label: 'limit of 251', query: 'limit=251', parameter: 'limit', client: { limit: 251 } },
  { label: 'a non-numeric limit', query: 'limit=abc', parameter: 'limit', client: { limit: 'abc' } },
  { label: 'a fractional limit', query: 'limit=1.5', parameter: 'limit', client: { limit: 1.5 } },
  { label: 'limit given twice', query: 'limit=20&limit=30', parameter: 'limit' },
  { label: 'a negative offset', query: 'offset=-1', parameter: 'offset', client: { offset: -1 } },
  { label: 'a non-numeric offset', query: 'offset=abc', parameter: 'offset', client: { offset: 'abc' } },
  { label: 'an offset beyond int32', query: 'offset=2147483648', parameter: 'offset', client: { offset: 2147483648 } },
  { label: 'an unknown orderBy', query: 'orderBy=amount', parameter: 'orderBy', client: { orderBy: 'amount' } },
  { label: 'an orderBy in the wrong case', query: 'orderBy=CREATEDAT', parameter: 'orderBy', client: { orderBy: 'CREATEDAT' } },
  { label: 'a non-boolean ascending', query: 'ascending=yes', parameter: 'ascending', client: { ascending: 'yes' } },
  { label: 'ascending as 1', query: 'ascending=1', parameter: 'ascending', client: { ascending: 1 } },
  { label: 'a date without a time', query: 'fromCreatedDate=2020-01-01', parameter: 'fromCreatedDate', client: { fromCreatedDate: '2020-01-01' } },
  // The client sends this one in the documented form (.000 inserted), so only the description refuses it.
  { label: 'a date without fractional seconds', query: 'toCreatedDate=2019-12-31T23:59:59Z', parameter: 'toCreatedDate' },
  {
    label: 'a date in month 13',
    query: 'fromCreatedDate=2019-13-01T00:00:00.000Z',
    parameter: 'fromCreatedDate',
    client: { fromCreatedDate: '2019-13-01T00:00:00.000Z' },
    proseOnly: true,
  },
  {
    label: 'a date offset without a colon',
    query: 'toCreatedDate=2019-01-01T09:00:00.000%2B1100',
    parameter: 'toCreatedDate',
    client: { toCreatedDate: '2019-01-01T09:00:00.000+1100' },
  },
  { label: 'an empty id among ids', query: 'ids=300000016189&ids=', parameter: 'ids', client: { ids: ['300000016189', ''] } },
];

export default {
  title: 'queries the description forbids',
  tests(context) {
    const { baseUrl } = context;
    return [
      {
        title: 'GET /v2/payments with $label ($query) gets 422 with the Error body',
        cases: BAD_QUERIES.filter((bad) => !bad.proseOnly),
        async run({ query, parameter }) {
          const response = await fetch(`${baseUrl}/v2/payments?${query}`, { headers: { Authorization: BASIC, Accept: 'application/json' } });
          assert.equal(response.status, 422);
          const body = await response.json();
          assertMatchesSchema(context, body, context.responseSchema('listPayments', '422'));
          assert.equal(body.errorCode, 'error');
          // The mock says why in sl-violations (with the name lower-cased): the 422 is for this parameter.
          const violations = response.headers.get('sl-violations')?.toLowerCase() ?? '';
          assert.ok(violations.includes(`"query","${parameter.toLowerCase()}"`), `sl-violations names ${parameter}: ${violations}`);
        },
      },
      {
        title: 'the client refuses $label before sending anything',
        cases: BAD_QUERIES.filter((bad) => bad.client),
        async run({ client: input, parameter }) {
          let requests = 0;
          const client = createClient({
            ...CREDENTIALS,
            baseUrl,
            retries: 0,
            fetch: (request) => {
              requests += 1;
              return fetch(request);
            },
          });
          await assert.rejects(client.listPayments(input), ValidationError);
          await assert.rejects(client.listPayments(input), (error) => {
            assert.equal(error.param, parameter);
            return true;
          });
          assert.equal(requests, 0);
        },
      },
    ];
  },
};
