// The form's fields, read from the published description: each query parameter gets the control its
// schema calls for, with its limits and default beside it.
import { describe, expect, it } from 'vitest';
import { consoleOperations } from '../../console/operations';
import { readSpec } from '../support/paths';

const operations = consoleOperations(readSpec());
const fields = (operationId: string) =>
  Object.fromEntries(
    operations
      .find((operation) => operation.operationId === operationId)!
      .query.map(({ name, kind, options, closed, hint }) => [name, { kind, options, closed, hint }]),
  );

describe('the console’s view of the description', () => {
  it('gives List payments a field of the right kind per query parameter', () => {
    expect(fields('listPayments')).toEqual({
      toCreatedDate: { kind: 'date-time', options: [], closed: false, hint: 'date-time with offset' },
      fromCreatedDate: { kind: 'date-time', options: [], closed: false, hint: 'date-time with offset' },
      limit: { kind: 'integer', options: [], closed: false, hint: 'integer, 1 to 250, default 20' },
      offset: { kind: 'integer', options: [], closed: false, hint: 'integer, 0 or more, default 0' },
      tokens: { kind: 'array', options: [], closed: false, hint: 'repeated' },
      ids: { kind: 'array', options: [], closed: false, hint: 'repeated' },
      merchantReferences: { kind: 'array', options: [], closed: false, hint: 'repeated' },
      // The list is open: the known values are suggestions, any other is sent too.
      statuses: { kind: 'array', options: ['APPROVED', 'DECLINED'], closed: false, hint: 'repeated' },
      orderBy: {
        kind: 'string',
        options: ['createdAt', 'id', 'totalAmount', 'merchantReference', 'email'],
        closed: true,
        hint: 'one of the list, default createdAt',
      },
      ascending: { kind: 'boolean', options: ['true', 'false'], closed: true, hint: 'true or false, default false' },
    });
  });

  it('gives Get configuration its repeated include, and Ping no query', () => {
    expect(fields('getConfiguration')).toEqual({
      include: { kind: 'array', options: ['publicid', 'consumerlending', 'paybyinstallment'], closed: false, hint: 'repeated' },
    });
    expect(fields('ping')).toEqual({});
  });

  it('knows what each operation answers with, whether it needs credentials, and what each status means', () => {
    const byId = Object.fromEntries(
      operations.map(({ operationId, accept, requiresAuth, statuses }) => [operationId, { accept, requiresAuth, statuses: Object.keys(statuses) }]),
    );
    expect(byId).toEqual({
      getConfiguration: { accept: 'application/json', requiresAuth: true, statuses: ['200', '401', '405', '406', '500'] },
      listPayments: { accept: 'application/json', requiresAuth: true, statuses: ['200', '401', '405', '406', '422', '500'] },
      ping: { accept: 'text/plain', requiresAuth: false, statuses: ['200', '405'] },
    });
    expect(operations.find(({ operationId }) => operationId === 'listPayments')!.statuses['422']).toBe(
      'An invalid query parameter, for example limit below 1 or above 250',
    );
  });
});
