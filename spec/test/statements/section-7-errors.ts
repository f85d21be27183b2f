// §7 Errors: the document's error table, the Error body (public facts §6) and where each status appears.
import assert from 'node:assert/strict';
import { apiDocument } from '../support/api-document';
import type { OpenApi } from '../support/load-bundle';
import {
  componentName,
  componentSchema,
  isPing,
  mediaType,
  operationById,
  operations,
  propertiesOf,
  requiredOf,
  resolve,
  response,
  type Node,
  type OperationEntry,
} from '../support/spec-queries';
import { assertCarriesWords, assertMentions, assertValid, sameMembers } from './checks';
import { statement, type SectionStatements } from './statement';

const errorRows = apiDocument.errors();
const listPaymentsRows = errorRows.filter((row) => row.condition.startsWith('List Payments:'));
const listPaymentsStatuses = listPaymentsRows.map((row) => row.status);
const authenticated = (spec: OpenApi) => operations(spec).filter((entry) => !isPing(entry));

function assertErrorBody(spec: OpenApi, entry: OperationEntry, status: number): void {
  const located = response(spec, entry, status);
  assert.deepEqual(Object.keys(located.node.content ?? {}), ['application/json'], `${entry.label} ${status} content types`);
  assert.equal(componentName(spec, mediaType(spec, located, 'application/json').node.schema), 'Error', `${entry.label} ${status} body`);
}

const exampleValues = (spec: OpenApi, entry: OperationEntry, status: number) =>
  Object.values<Node>(mediaType(spec, response(spec, entry, status), 'application/json').node.examples ?? {}).map((example) => resolve(spec, example).value);

export const errorsStatements: SectionStatements = {
  section: '7',
  statements: [
    statement('401 on every authenticated operation, with the Error body; Ping lists none', (spec) => {
      for (const entry of authenticated(spec)) assertErrorBody(spec, entry, 401);
      assert.equal(operationById(spec, 'ping').operation.responses['401'], undefined, 'Ping 401');
    }),

    statement('401 examples carry errorCode unauthorized (public facts §6)', (spec) => {
      for (const entry of authenticated(spec)) {
        const values = exampleValues(spec, entry, 401);
        assert.ok(values.length > 0, `${entry.label} 401 has an example`);
        for (const value of values) assert.equal((value as { errorCode: string }).errorCode, 'unauthorized');
      }
    }),

    ...listPaymentsRows.map((row) => {
      const condition = row.condition.replace(/^List Payments:\s*/, '');
      return statement(`${row.status} on List Payments uses Error with errorCode ${row.errorCode} and the document's condition: ${condition}`, (spec) => {
        const entry = operationById(spec, 'listPayments');
        assertErrorBody(spec, entry, row.status);
        const { description } = response(spec, entry, row.status).node;
        assertCarriesWords(description, condition, `List Payments ${row.status} description`);
        assertMentions(description, `errorCode is ${row.errorCode}`, `List Payments ${row.status} description`);
        const values = exampleValues(spec, entry, row.status);
        assert.ok(values.length > 0, `List Payments ${row.status} has an example`);
        for (const value of values) assert.equal((value as { errorCode: string }).errorCode, row.errorCode);
      });
    }),

    // The document's 500 row is about List Payments' dates and arrays; the configuration's one array
    // parameter, include (public facts §3), gets the 500 of every array sent as a comma list (public facts §9).
    statement(
      `${listPaymentsStatuses.join(' and ')} belong to List Payments: the configuration lists no 422, and a 500 only for a comma-separated or bracketed include (public facts §9)`,
      (spec) => {
        const configuration = operationById(spec, 'getConfiguration');
        for (const row of listPaymentsRows.filter((candidate) => candidate.status !== 500))
          assert.equal(configuration.operation.responses[String(row.status)], undefined, `configuration ${row.status}`);
        assertErrorBody(spec, configuration, 500);
        const malformed = response(spec, configuration, 500).node.description;
        assertMentions(malformed, '`include` sent comma-separated or with square brackets', 'configuration 500');
        assert.ok(!/fromCreatedDate|toCreatedDate/.test(malformed), 'configuration 500 does not speak of dates');
      },
    ),

    statement('the errors common to all GET endpoints, 405 and 406, appear on every authenticated GET (public facts §6)', (spec) => {
      for (const entry of authenticated(spec).filter((candidate) => candidate.method === 'get')) {
        for (const status of [405, 406]) assertErrorBody(spec, entry, status);
      }
    }),

    statement('the Error schema has errorCode, errorId and message (strings) and httpStatusCode (integer)', (spec) => {
      const error = componentSchema(spec, 'Error').node;
      const fields = propertiesOf(spec, error);
      sameMembers(Object.keys(fields), ['errorCode', 'errorId', 'message', 'httpStatusCode'], 'Error fields');
      for (const name of ['errorCode', 'errorId', 'message']) assert.equal(fields[name].type, 'string', `Error.${name}`);
      assert.equal(fields.httpStatusCode.type, 'integer', 'Error.httpStatusCode');
      sameMembers(requiredOf(spec, error), Object.keys(fields), 'Error required fields');
    }),

    statement('the Error body is open to more fields', (spec) => {
      const body = {
        errorCode: 'error',
        errorId: '0123456789abcdef',
        message: 'x',
        httpStatusCode: 500,
        newField: { any: 1 },
      };
      assertValid(spec, '/components/schemas/Error', body, 'an error with an extra field');
    }),

    statement('every error example repeats its own status in httpStatusCode', (spec) => {
      for (const entry of operations(spec)) {
        for (const [status, raw] of Object.entries(entry.operation.responses)) {
          if (!/^[45]/.test(status) || !resolve(spec, raw as Node).content) continue;
          for (const value of exampleValues(spec, entry, Number(status))) {
            assert.equal((value as { httpStatusCode: number }).httpStatusCode, Number(status), `${entry.label} ${status} example`);
          }
        }
      }
    }),
  ],
};
