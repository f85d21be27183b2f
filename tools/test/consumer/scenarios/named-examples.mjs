// Consumer contract: every named example of the description, chosen on the mock with
// `Prefer: code=<status>, example=<name>`, is parsed by the built client: success bodies come back
// unchanged, error bodies become the ApiError subclass for the status with the body's fields.
import assert from 'node:assert/strict';
import { assertHasProperties, assertMatchesSchema, rejectionOf } from './assertions.mjs';
import {
  ApiError,
  AuthenticationError,
  InternalServerError,
  MethodNotAllowedError,
  NotAcceptableError,
  UnprocessableEntityError,
  clientPreferring,
} from './client.mjs';

const ERROR_CLASSES = {
  401: AuthenticationError,
  405: MethodNotAllowedError,
  406: NotAcceptableError,
  422: UnprocessableEntityError,
  500: InternalServerError,
};

// How each operation is called through the client; the argument asks for something the example could answer.
const CALL = {
  ping: (client) => client.ping(),
  getConfiguration: (client) => client.getConfiguration({ include: ['publicid', 'consumerlending', 'paybyinstallment'] }),
  listPayments: (client) => client.listPayments({ limit: 20 }),
};

export default {
  title: 'named examples chosen with Prefer',
  tests(context) {
    const { baseUrl, operations } = context;
    const examples = operations.flatMap((operation) =>
      Object.values(operation.responses).flatMap((response) =>
        Object.entries(response.content).flatMap(([mediaType, media]) =>
          Object.entries(media.examples).map(([name, value]) => ({
            title: `${operation.operationId} ${response.status} ${name}`,
            operationId: operation.operationId,
            status: Number(response.status),
            mediaType,
            schemaPointer: media.schemaPointer,
            name,
            value,
          })),
        ),
      ),
    );

    return [
      {
        title: 'are found for every operation',
        run() {
          assert.deepEqual(new Set(examples.map((example) => example.operationId)), new Set(operations.map((operation) => operation.operationId)));
        },
      },
      {
        title: '$title is parsed by the client',
        cases: examples,
        async run(example) {
          assertMatchesSchema(context, example.value, example.schemaPointer);
          const client = clientPreferring(baseUrl, `code=${example.status}, example=${example.name}`);
          const call = CALL[example.operationId](client);

          if (example.status >= 400) {
            const error = await rejectionOf(call, example.title);
            const expectedClass = ERROR_CLASSES[example.status] ?? ApiError;
            assert.ok(error instanceof expectedClass, `${example.title}: expected a ${expectedClass.name}, got ${error?.name}: ${error?.message}`);
            assertHasProperties(error, {
              status: example.status,
              errorCode: example.value.errorCode,
              errorId: example.value.errorId,
              httpStatusCode: example.value.httpStatusCode,
              message: example.value.message,
            });
          } else if (example.mediaType === 'text/plain') {
            // ping resolves with nothing when, and only when, the body is "pong".
            assert.equal(example.value, 'pong');
            assert.equal(await call, undefined);
          } else {
            assert.deepEqual(await call, example.value);
          }
        },
      },
    ];
  },
};
