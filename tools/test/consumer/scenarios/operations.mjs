// Consumer contract: the built client calls every operation of the description on the Prism mock,
// and what it returns matches the spec's schemas under JSON Schema 2020-12 (Prism checks draft-07 only).
import assert from 'node:assert/strict';
import { assertMatchesSchema } from './assertions.mjs';
import { clientFor } from './client.mjs';

export default {
  title: 'the built client against the mock',
  tests(context) {
    const { baseUrl, operations, responseSchema } = context;
    const client = clientFor(baseUrl);

    // One entry per operationId; the first test fails when the description gains an operation not here.
    const CALLS = {
      ping: async () => {
        assert.equal(await client.ping(), undefined);
      },
      getConfiguration: async () => {
        const configuration = await client.getConfiguration();
        assertMatchesSchema(context, configuration, responseSchema('getConfiguration', '200'));
      },
      listPayments: async () => {
        const page = await client.listPayments();
        assertMatchesSchema(context, page, responseSchema('listPayments', '200'));
        assert.ok(page.results.length > 0, 'the mocked page has payments');
      },
    };

    return [
      {
        title: 'has a call for every operation of the description',
        run() {
          assert.deepEqual(Object.keys(CALLS).sort(), operations.map((operation) => operation.operationId).sort());
        },
      },
      {
        title: '%s succeeds and its result matches the 200 schema',
        cases: Object.keys(CALLS),
        async run(operationId) {
          await CALLS[operationId]();
        },
      },
      {
        title: 'getConfiguration with every include is accepted and matches the schema',
        async run() {
          const configuration = await client.getConfiguration({ include: ['publicid', 'consumerlending', 'paybyinstallment'] });
          assertMatchesSchema(context, configuration, responseSchema('getConfiguration', '200'));
        },
      },
      {
        title: 'listPayments with every filter is accepted by the mock (dates with +, - and Z, arrays, unicode)',
        async run() {
          const page = await client.listPayments({
            fromCreatedDate: '2019-01-01T09:00:00.000+11:00',
            toCreatedDate: new Date('2030-12-31T23:59:59.999Z'),
            limit: 250,
            offset: 0,
            tokens: ['002.6bjb3n9gqtbbu8tc5hd5e8kk8q6fip6qc7dpk5tl0ph2vfa9'],
            ids: ['300000016189', '300000016190'],
            merchantReferences: ['order 1&2', 'A+B Café-№5'],
            statuses: ['APPROVED', 'DECLINED'],
            orderBy: 'merchantReference',
            ascending: true,
          });
          assertMatchesSchema(context, page, responseSchema('listPayments', '200'));
        },
      },
      {
        title: 'listPayments accepts a date with a negative offset',
        async run() {
          const page = await client.listPayments({ toCreatedDate: '2019-12-31T23:59:59.999-05:00' });
          assertMatchesSchema(context, page, responseSchema('listPayments', '200'));
        },
      },
      {
        title: 'iteratePayments yields every payment of the mocked pages, each matching the Payment schema',
        async run() {
          const payments = await client.iteratePayments({ limit: 20 }).toArray({ max: 50 });
          const example = context.operationById('listPayments').responses['200'].content['application/json'].examples.twoPayments;
          assert.deepEqual(
            payments.map((payment) => payment.id),
            example.results.map((payment) => payment.id),
          );
          for (const payment of payments) assertMatchesSchema(context, payment, '#/components/schemas/Payment');
        },
      },
    ];
  },
};
