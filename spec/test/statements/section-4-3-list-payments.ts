// §4.3 GET {base_url}/v2/payments (List Payments): the operation, each parameter's type, default and
// rule from the document's table, and the notes on arrays and dates.
import assert from 'node:assert/strict';
import { apiDocument } from '../support/api-document';
import type { OpenApi } from '../support/load-bundle';
import { locate, operationAt, parameter, parametersOf, resolve, response } from '../support/spec-queries';
import { assertInvalid, assertMentions, assertValid, sameMembers } from './checks';
import { checkDefault, defaultStatementName, documentDefault, parameterRows, ruleChecks, typeChecks } from './list-payments-parameters';
import { article, statement, type SectionStatements } from './statement';

function listPayments(spec: OpenApi) {
  const entry = operationAt(spec, 'get', '/v2/payments');
  assert.ok(entry, 'GET /v2/payments is not described');
  return entry;
}

const queryParameter = (spec: OpenApi, name: string) => parameter(spec, listPayments(spec), 'query', name);

const arrayNote = apiDocument.listPaymentsNotes().find((note) => note.startsWith('Array parameters'))!;
const arrayParameterList = /\(([^)]+)\)/.exec(arrayNote)![1];
const arrayParameters = arrayParameterList.split(/,\s*/);
const dateParameters = parameterRows.filter((row) => row.type.includes('date-time')).map((row) => row.name);

const typeStatements = parameterRows.map((row) =>
  statement(`${row.name} is ${article(row.type)}`, (spec) => {
    const check = typeChecks[row.type];
    assert.ok(check, `no type check for the document's type "${row.type}"`);
    check(spec, resolve(spec, queryParameter(spec, row.name).node.schema));
  }),
);

const defaultStatements = parameterRows.map((row) => {
  const expected = documentDefault(row);
  return statement(defaultStatementName(row.name, expected), (spec) => checkDefault(spec, queryParameter(spec, row.name), expected));
});

const ruleStatements = parameterRows.map((row) =>
  statement(`${row.name}: ${row.rule}`, (spec) => {
    const check = ruleChecks[row.name];
    assert.ok(check, `no rule check for ${row.name}`);
    check(spec, queryParameter(spec, row.name), row.rule);
  }),
);

/** The date samples of note 4: the documented form, and the ways a date gets malformed. */
const wellFormedDates = ['2019-01-01T09:00:00.000+11:00', '2019-01-01T00:00:00.000Z', '2019-12-31T23:59:59.999-05:00'];
const datesWithoutTheForm = ['2019-01-01', '2019-01-01T09:00:00+11:00', '2019-01-01T09:00:00.000'];
const datesWithoutDashOrColon = ['20190101T090000.000Z', '2019-01-01T09:00:00.000+1100', '2019/01/01T09:00:00.000Z'];

const dateSchema = (spec: OpenApi, name: string) => {
  const located = queryParameter(spec, name);
  return locate(spec, located.node.schema, `${located.pointer}/schema`);
};

export const listPaymentsStatements: SectionStatements = {
  section: '4.3',
  statements: [
    statement('List Payments is GET /v2/payments (operationId listPayments) and succeeds with 200', (spec) => {
      const entry = listPayments(spec);
      assert.equal(entry.operation.operationId, 'listPayments');
      assert.ok(response(spec, entry, 200), '200 response');
      assert.deepEqual(
        Object.keys(entry.operation.responses).filter((status) => status.startsWith('2')),
        ['200'],
        'success statuses',
      );
    }),

    statement('the request has no body', (spec) => {
      assert.equal(listPayments(spec).operation.requestBody, undefined);
    }),

    statement(
      `the query parameters are the table's ${parameterRows.length}, with offset, orderBy and ascending for the unnamed ones (public facts §7)`,
      (spec) => {
        const query = parametersOf(spec, listPayments(spec)).filter((p) => p.node.in === 'query');
        sameMembers(
          query.map((p) => p.node.name),
          parameterRows.map((row) => row.name),
          'List Payments query parameters',
        );
      },
    ),

    statement('all query parameters are optional', (spec) => {
      for (const p of parametersOf(spec, listPayments(spec)).filter((candidate) => candidate.node.in === 'query')) {
        assert.notEqual(p.node.required, true, `${p.node.name} should be optional`);
      }
    }),

    ...typeStatements,
    ...defaultStatements,
    ...ruleStatements,

    ...arrayParameters.map((name) =>
      statement(`array parameters repeat the key: ${name} has style form, explode true`, (spec) => {
        const located = queryParameter(spec, name).node;
        assert.deepEqual([located.style, located.explode], ['form', true], `${name} serialisation`);
        assert.notEqual(located.allowReserved, true, `${name} must percent-encode reserved characters`);
      }),
    ),

    statement(`array parameters (${arrayParameterList}) say that comma-separated values and square brackets are refused`, (spec) => {
      for (const name of arrayParameters) {
        const description = queryParameter(spec, name).node.description;
        assertMentions(description, 'comma-separated', `${name} description`);
        assertMentions(description, 'square brackets', `${name} description`);
      }
    }),

    statement(`array parameters (${arrayParameterList}) say that a comma inside a value counts as a separator, and no example has one`, (spec) => {
      for (const name of arrayParameters) {
        const { description, examples = {} } = queryParameter(spec, name).node;
        assertMentions(description, 'A comma inside a value counts as a separator', `${name} description`);
        const values = Object.values<{ value: unknown }>(examples).flatMap(({ value }) => value);
        assert.deepEqual(
          values.filter((value) => String(value).includes(',')),
          [],
          `${name} examples with a comma`,
        );
      }
    }),

    statement('dates take the form date-T-time with fractional seconds and a UTC offset (in schema and description)', (spec) => {
      for (const name of dateParameters) {
        const schema = dateSchema(spec, name);
        for (const text of [queryParameter(spec, name).node.description, resolve(spec, schema.node).description]) {
          assertMentions(text, 'fractional seconds', `${name} description`);
          assertMentions(text, 'UTC offset', `${name} description`);
        }
        for (const date of wellFormedDates) assertValid(spec, schema.pointer, date, `${name} ${date}`);
        for (const date of datesWithoutTheForm) assertInvalid(spec, schema.pointer, date, `${name} ${date}`);
      }
    }),

    statement('dates include the dash and colon characters: dates without them are refused', (spec) => {
      for (const name of dateParameters) {
        assertMentions(queryParameter(spec, name).node.description, 'dash and colon', `${name} description`);
        for (const date of datesWithoutDashOrColon) assertInvalid(spec, dateSchema(spec, name).pointer, date, `${name} ${date}`);
      }
    }),

    statement('a + in a date offset must be sent as %2B (stated in the description)', (spec) => {
      for (const name of dateParameters) {
        assertMentions(queryParameter(spec, name).node.description, '%2B', `${name} description`);
        assertMentions(resolve(spec, dateSchema(spec, name).node).description, '%2B', `${name} schema description`);
        // What the server sees when the + was not encoded: a space, which is not a valid offset.
        assertInvalid(spec, dateSchema(spec, name).pointer, '2019-01-01T09:00:00.000 11:00', `${name} with a decoded +`);
      }
    }),

    statement('the operation description repeats the array and date rules', (spec) => {
      const description = listPayments(spec).operation.description;
      for (const phrase of ['repeating the parameter', 'comma-separated', 'square brackets', 'fractional seconds', '%2B']) {
        assertMentions(description, phrase, 'List Payments description');
      }
    }),
  ],
};
