// The client's operations against the sandbox: what comes back is what was asked for, and what the
// client sends is what the service accepts (repeated arrays, `+` encoded, dates normalised).
import assert from 'node:assert/strict';
import { clientFor, faultingFetch } from './client.mjs';

const FROM = '2024-03-01T00:00:00.000+11:00';

export default {
  title: 'operations',
  tests(context) {
    const client = clientFor(context);
    return [
      {
        title: 'ping resolves (the sandbox answered pong)',
        async run() {
          assert.equal(await client.ping(), undefined);
        },
      },
      {
        title: 'getConfiguration returns the limits in one currency, without the optional parts',
        async run() {
          const configuration = await client.getConfiguration();
          assert.equal(configuration.minimumAmount.currency, configuration.maximumAmount.currency);
          assert.ok(Number(configuration.minimumAmount.amount) < Number(configuration.maximumAmount.amount), JSON.stringify(configuration));
          assert.deepEqual(
            ['publicId', 'consumerLending', 'payByInstallment'].filter((part) => part in configuration),
            [],
          );
        },
      },
      {
        title: 'getConfiguration with include publicid and consumerlending returns those parts',
        async run() {
          const configuration = await client.getConfiguration({ include: ['publicid', 'consumerlending'] });
          assert.equal(typeof configuration.publicId, 'string');
          assert.equal(typeof configuration.consumerLending, 'object');
          assert.equal('payByInstallment' in configuration, false);
        },
      },
      {
        title: 'listPayments with two statuses and a +11:00 date returns only matching payments, of both statuses',
        async run() {
          const page = await client.listPayments({ statuses: ['DECLINED', 'PENDING_REVIEW'], fromCreatedDate: FROM, limit: 250 });
          assert.ok(page.totalResults > 0 && page.results.length === Math.min(page.totalResults, 250), `${page.results.length} of ${page.totalResults}`);
          assert.deepEqual([...new Set(page.results.map((payment) => payment.status))].sort(), ['DECLINED', 'PENDING_REVIEW']);
          const early = page.results.filter((payment) => Date.parse(payment.created) < Date.parse(FROM));
          assert.deepEqual(
            early.map((payment) => payment.created),
            [],
            `created before ${FROM}`,
          );
        },
      },
      {
        title: 'a date without fractional seconds is sent with .000 and its offset encoded, and answered',
        async run() {
          const recording = faultingFetch(context, 'delay=0', 0);
          const page = await clientFor(context, { fetch: recording }).listPayments({ toCreatedDate: '2024-03-01T00:00:00+11:00', limit: 1 });
          assert.equal(new URL(recording.sent[0].url).search, '?toCreatedDate=2024-03-01T00%3A00%3A00.000%2B11%3A00&limit=1');
          assert.ok(
            page.totalResults > 0 && Date.parse(page.results[0].created) <= Date.parse('2024-03-01T00:00:00+11:00'),
            JSON.stringify(page.results[0]?.created),
          );
        },
      },
      {
        title: 'iteratePayments walks every payment once: as many as totalResults',
        async run() {
          const { totalResults } = await client.listPayments({ limit: 1 });
          const ids = [];
          for await (const payment of client.iteratePayments({ limit: 250 })) ids.push(payment.id);
          assert.ok(totalResults > 250, `only ${totalResults} payments: the walk would not page`);
          assert.equal(ids.length, totalResults);
          assert.equal(new Set(ids).size, ids.length, 'a payment came twice');
        },
      },
    ];
  },
};
