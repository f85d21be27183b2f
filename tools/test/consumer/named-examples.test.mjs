// Consumer contract: every named example of the description, chosen on the mock with
// `Prefer: code=<status>, example=<name>`, is parsed by the built client: success bodies come back
// unchanged, error bodies become the ApiError subclass for the status with the body's fields.
import { describe, expect, inject, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  InternalServerError,
  MethodNotAllowedError,
  NotAcceptableError,
  UnprocessableEntityError,
  clientPreferring,
} from '../helpers/client.mjs';
import { expectToMatchSchema, operations } from '../helpers/spec.mjs';

const baseUrl = inject('prismUrl');

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

describe('named examples chosen with Prefer', () => {
  it('are found for every operation', () => {
    expect(new Set(examples.map((example) => example.operationId))).toEqual(new Set(operations.map((operation) => operation.operationId)));
  });

  it.each(examples)('$title is parsed by the client', async (example) => {
    expectToMatchSchema(example.value, example.schemaPointer);
    const client = clientPreferring(baseUrl, `code=${example.status}, example=${example.name}`);
    const call = CALL[example.operationId](client);

    if (example.status >= 400) {
      const error = await call.then(
        () => { throw new Error(`${example.title}: the client resolved instead of throwing`); },
        (thrown) => thrown,
      );
      expect(error).toBeInstanceOf(ERROR_CLASSES[example.status] ?? ApiError);
      expect(error).toMatchObject({
        status: example.status,
        errorCode: example.value.errorCode,
        errorId: example.value.errorId,
        httpStatusCode: example.value.httpStatusCode,
        message: example.value.message,
      });
    } else if (example.mediaType === 'text/plain') {
      // ping resolves with nothing when, and only when, the body is "pong".
      expect(example.value).toBe('pong');
      await expect(call).resolves.toBeUndefined();
    } else {
      await expect(call).resolves.toEqual(example.value);
    }
  });
});
