// Consumer contract: the built client calls every operation of the description on the Prism mock,
// and what it returns matches the spec's schemas under JSON Schema 2020-12 (Prism checks draft-07 only).
import { describe, expect, inject, it } from 'vitest';
import { clientFor } from '../helpers/client.mjs';
import { expectToMatchSchema, operationById, operations, responseSchema } from '../helpers/spec.mjs';

const baseUrl = inject('prismUrl');
const client = clientFor(baseUrl);

// One entry per operationId; the first test fails when the description gains an operation not here.
const CALLS = {
  ping: async () => {
    await expect(client.ping()).resolves.toBeUndefined();
  },
  getConfiguration: async () => {
    const configuration = await client.getConfiguration();
    expectToMatchSchema(configuration, responseSchema('getConfiguration', '200'));
  },
  listPayments: async () => {
    const page = await client.listPayments();
    expectToMatchSchema(page, responseSchema('listPayments', '200'));
    expect(page.results.length).toBeGreaterThan(0);
  },
};

describe('the built client against the mock', () => {
  it('has a call for every operation of the description', () => {
    expect(Object.keys(CALLS).sort()).toEqual(operations.map((operation) => operation.operationId).sort());
  });

  it.each(Object.keys(CALLS))('%s succeeds and its result matches the 200 schema', async (operationId) => {
    await CALLS[operationId]();
  });

  it('getConfiguration with every include is accepted and matches the schema', async () => {
    const configuration = await client.getConfiguration({ include: ['publicid', 'consumerlending', 'paybyinstallment'] });
    expectToMatchSchema(configuration, responseSchema('getConfiguration', '200'));
  });

  it('listPayments with every filter is accepted by the mock (dates with +, - and Z, arrays, unicode)', async () => {
    const page = await client.listPayments({
      fromCreatedDate: '2019-01-01T09:00:00.000+11:00',
      toCreatedDate: new Date('2030-12-31T23:59:59.999Z'),
      limit: 250,
      offset: 0,
      tokens: ['002.6bjb3n9gqtbbu8tc5hd5e8kk8q6fip6qc7dpk5tl0ph2vfa9'],
      ids: ['300000016189', '300000016190'],
      merchantReferences: ['order 1,2&3', 'A+B Café-№5'],
      statuses: ['APPROVED', 'DECLINED'],
      orderBy: 'merchantReference',
      ascending: true,
    });
    expectToMatchSchema(page, responseSchema('listPayments', '200'));
  });

  it('listPayments accepts a date with a negative offset', async () => {
    const page = await client.listPayments({ toCreatedDate: '2019-12-31T23:59:59.999-05:00' });
    expectToMatchSchema(page, responseSchema('listPayments', '200'));
  });

  it('iteratePayments yields every payment of the mocked pages, each matching the Payment schema', async () => {
    const payments = await client.iteratePayments({ limit: 20 }).toArray({ max: 50 });
    const example = operationById('listPayments').responses['200'].content['application/json'].examples.twoPayments;
    expect(payments.map((payment) => payment.id)).toEqual(example.results.map((payment) => payment.id));
    for (const payment of payments) expectToMatchSchema(payment, '#/components/schemas/Payment');
  });
});
