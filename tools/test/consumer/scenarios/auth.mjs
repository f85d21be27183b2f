// Consumer contract, authentication: Ping needs none; every other operation answers 401 with the
// documented error body when Basic credentials are missing or malformed. Sent with plain fetch so
// the client cannot repair the header.
import assert from 'node:assert/strict';
import { assertMatchesSchema } from './assertions.mjs';

const BAD_AUTHORIZATION = {
  'no Authorization header': undefined,
  'the scheme alone': 'Basic',
  'a value that is not base64': 'Basic !!!',
  'base64 without a colon between id and secret': `Basic ${btoa('32abcdefgh')}`,
  'a Bearer token': 'Bearer MzI6YWJjZGVmZ2g=',
  'credentials without a scheme': btoa('32:abcdefgh'),
};

export default {
  title: 'authentication',
  tests(context) {
    const { baseUrl, operations } = context;
    const authenticated = operations.filter((operation) => operation.security.length > 0 && operation.operationId !== 'ping');
    const cases = authenticated.flatMap((operation) =>
      Object.entries(BAD_AUTHORIZATION).map(([label, authorization]) => ({ label, authorization, operation })),
    );

    return [
      {
        title: 'Ping answers 200 "pong" without an Authorization header',
        async run() {
          const response = await fetch(`${baseUrl}/ping`, { headers: { Accept: 'text/plain' } });
          assert.equal(response.status, 200);
          assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
          assert.equal(await response.text(), 'pong');
        },
      },
      {
        title: 'only Ping is public and the others require Basic auth',
        run() {
          assert.deepEqual(
            operations.filter((operation) => operation.security.length === 0).map((operation) => operation.operationId),
            ['ping'],
          );
          assert.deepEqual(authenticated.map((operation) => operation.operationId).sort(), ['getConfiguration', 'listPayments']);
        },
      },
      {
        title: '$operation.key with $label gets 401 with the Error body',
        cases,
        async run({ authorization, operation }) {
          const headers = { Accept: 'application/json', ...(authorization === undefined ? {} : { Authorization: authorization }) };
          const response = await fetch(`${baseUrl}${operation.path}`, { headers });
          assert.equal(response.status, 401);
          const body = await response.json();
          assertMatchesSchema(context, body, operation.responses['401'].content['application/json'].schemaPointer);
          assert.equal(body.errorCode, 'unauthorized');
        },
      },
    ];
  },
};
