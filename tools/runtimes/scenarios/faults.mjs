// The client under the sandbox's faults (the Sandbox-Fault request header): a 429 retried through,
// an abort by the caller's signal, and read and total deadlines on a request the sandbox never answers.
import assert from 'node:assert/strict';
import { AbortError, clientFor, FAULT_HEADER, faultingFetch, rawClient, RateLimitError, TimeoutError } from './client.mjs';

/** What a promise rejects with; fails if it resolves. */
async function rejectionOf(promise) {
  return promise.then(
    (value) => assert.fail(`resolved with ${JSON.stringify(value)?.slice(0, 200)} instead of throwing`),
    (thrown) => thrown,
  );
}

export default {
  title: 'faults',
  tests(context) {
    return [
      {
        title: 'a 429 on the first attempt is retried after Retry-After, and the call returns the page',
        async run() {
          const faulting = faultingFetch(context, '429', 1);
          const page = await clientFor(context, { fetch: faulting, retries: 1 }).listPayments({ limit: 3 });
          assert.equal(page.results.length, 3);
          assert.deepEqual(
            faulting.sent.map((request) => request.fault),
            ['429', undefined],
          );
        },
      },
      {
        title: 'a 429 with retries off is a RateLimitError carrying Retry-After',
        async run() {
          const thrown = await rejectionOf(clientFor(context, { fetch: faultingFetch(context, '429') }).listPayments({ limit: 3 }));
          assert.ok(thrown instanceof RateLimitError, `${thrown.name}: ${thrown.message}`);
          assert.equal(thrown.status, 429);
          assert.equal(thrown.headers['retry-after'], '1');
        },
      },
      {
        title: "aborting RequestOptions.signal while the sandbox stalls is the client's AbortError",
        async run() {
          const controller = new AbortController();
          const call = clientFor(context, { fetch: faultingFetch(context, 'stall') }).listPayments({ limit: 3 }, { signal: controller.signal });
          setTimeout(() => controller.abort(), 100);
          const thrown = await rejectionOf(call);
          assert.ok(thrown instanceof AbortError, `${thrown.name}: ${thrown.message}`);
        },
      },
      {
        title: 'aborting RequestOptions.signal between pages ends an iteratePayments walk with AbortError',
        async run() {
          const controller = new AbortController();
          const ids = [];
          const walk = async () => {
            for await (const payment of clientFor(context).iteratePayments({ limit: 5 }, { signal: controller.signal })) {
              ids.push(payment.id);
              if (ids.length === 5) controller.abort();
            }
          };
          const thrown = await rejectionOf(walk());
          assert.ok(thrown instanceof AbortError, `${thrown.name}: ${thrown.message}`);
          assert.equal(ids.length, 5);
        },
      },
      {
        // Over a socket the connection is up, so the read phase runs out; with an injected fetch the
        // connect phase lasts until the headers (the client's documented approximation).
        title: 'a stalled answer is a TimeoutError in the phase that waits for it: read over a socket, connect with an injected fetch',
        async run() {
          const client = clientFor(context, { timeouts: context.fetch ? { connectMs: 200 } : { readMs: 200 } });
          const thrown = await rejectionOf(rawClient(client).GET('/v2/payments', { headers: { [FAULT_HEADER]: 'stall' } }));
          assert.ok(thrown instanceof TimeoutError, `${thrown.name}: ${thrown.message}`);
          assert.equal(thrown.phase, context.fetch ? 'connect' : 'read');
        },
      },
      {
        title: 'a stalled answer with totalMs 300 is a TimeoutError in the total phase, retries or not',
        async run() {
          const client = clientFor(context, { fetch: faultingFetch(context, 'stall'), retries: 2, timeouts: { totalMs: 300 } });
          const thrown = await rejectionOf(client.listPayments({ limit: 3 }));
          assert.ok(thrown instanceof TimeoutError, `${thrown.name}: ${thrown.message}`);
          assert.equal(thrown.phase, 'total');
        },
      },
    ];
  },
};
