// Consumer contract, authentication: Ping needs none; every other operation answers 401 with the
// documented error body when Basic credentials are missing or malformed. Sent with plain fetch so
// the client cannot repair the header.
import { describe, expect, inject, it } from 'vitest';
import { expectToMatchSchema, operations } from '../helpers/spec.mjs';

const baseUrl = inject('prismUrl');

const BAD_AUTHORIZATION = {
  'no Authorization header': undefined,
  'the scheme alone': 'Basic',
  'a value that is not base64': 'Basic !!!',
  'base64 without a colon between id and secret': `Basic ${Buffer.from('32abcdefgh').toString('base64')}`,
  'a Bearer token': 'Bearer MzI6YWJjZGVmZ2g=',
  'credentials without a scheme': Buffer.from('32:abcdefgh').toString('base64'),
};

const authenticated = operations.filter((operation) => operation.security.length > 0 && operation.operationId !== 'ping');

describe('authentication', () => {
  it('Ping answers 200 "pong" without an Authorization header', async () => {
    const response = await fetch(`${baseUrl}/ping`, { headers: { Accept: 'text/plain' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('pong');
  });

  it('only Ping is public and the others require Basic auth', () => {
    expect(operations.filter((operation) => operation.security.length === 0).map((operation) => operation.operationId)).toEqual(['ping']);
    expect(authenticated.map((operation) => operation.operationId).sort()).toEqual(['getConfiguration', 'listPayments']);
  });

  const cases = authenticated.flatMap((operation) =>
    Object.entries(BAD_AUTHORIZATION).map(([label, authorization]) => ({ label, authorization, operation })),
  );

  it.each(cases)('$operation.key with $label gets 401 with the Error body', async ({ authorization, operation }) => {
    const headers = { Accept: 'application/json', ...(authorization === undefined ? {} : { Authorization: authorization }) };
    const response = await fetch(`${baseUrl}${operation.path}`, { headers });
    expect(response.status).toBe(401);
    const body = await response.json();
    expectToMatchSchema(body, operation.responses['401'].content['application/json'].schemaPointer);
    expect(body.errorCode).toBe('unauthorized');
  });
});
