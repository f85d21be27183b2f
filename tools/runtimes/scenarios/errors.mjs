// The client's errors against the sandbox: bad input refused before the network, and the service's
// own error answers (401, 422, 500) as the API document gives them, read through the client and
// through rawClient, which sends what it is given.
import assert from 'node:assert/strict';
import { AuthenticationError, clientFor, faultingFetch, rawClient, ValidationError } from './client.mjs';

const ERROR_ID = /^[0-9a-f]{16}$/;

export default {
  title: 'errors',
  tests(context) {
    const raw = rawClient(clientFor(context));
    return [
      {
        title: 'a comma in a merchant reference is a ValidationError naming merchantReferences, and nothing is sent',
        async run() {
          const recording = faultingFetch(context, 'delay=0', 0);
          const thrown = await clientFor(context, { fetch: recording })
            .listPayments({ merchantReferences: ['order 1', 'order 2,3'] })
            .catch((error) => error);
          assert.ok(thrown instanceof ValidationError, `${thrown?.name}: ${thrown?.message}`);
          assert.equal(thrown.param, 'merchantReferences');
          assert.match(thrown.message, /merchantReferences/);
          assert.deepEqual(recording.sent, []);
        },
      },
      {
        title: 'a wrong secret key is an AuthenticationError with the errorCode and errorId, without the key',
        async run() {
          const secretKey = 'not-the-secret-key';
          const stranger = clientFor({ ...context, credentials: { ...context.credentials, secretKey } });
          const thrown = await stranger.listPayments({ limit: 1 }).catch((error) => error);
          assert.ok(thrown instanceof AuthenticationError, `${thrown?.name}: ${thrown?.message}`);
          assert.equal(thrown.status, 401);
          assert.equal(thrown.errorCode, 'unauthorized');
          assert.match(thrown.errorId ?? '', ERROR_ID);
          assert.doesNotMatch(JSON.stringify({ ...thrown, message: thrown.message, stack: thrown.stack }), new RegExp(secretKey));
        },
      },
      {
        title: 'rawClient sends limit 500 as given: 422 with a message naming limit',
        async run() {
          const { data, error, response } = await raw.GET('/v2/payments', { params: { query: { limit: 500 } } });
          assert.equal(data, undefined);
          assert.equal(response.status, 422);
          assert.equal(error.httpStatusCode, 422);
          assert.match(error.errorId, ERROR_ID);
          assert.match(error.message, /^limit: /);
        },
      },
      {
        title: 'rawClient sends a date without its colons as given: 500 with the Error body, as the document says',
        async run() {
          const { data, error, response } = await raw.GET('/v2/payments', { params: { query: { fromCreatedDate: '2024-03-01T000000.000+11:00' } } });
          assert.equal(data, undefined);
          assert.equal(response.status, 500);
          assert.equal(error.httpStatusCode, 500);
          assert.match(error.errorId, ERROR_ID);
        },
      },
    ];
  },
};
