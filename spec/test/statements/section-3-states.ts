// §3 States and transitions: the stated status values, a list left open.
import assert from 'node:assert/strict';
import { apiDocument } from '../support/api-document';
import type { OpenApi } from '../support/load-bundle';
import { componentSchema, declaredProperty, listedValues, locate, operationById, parameter, pointerOf } from '../support/spec-queries';
import { assertInvalid, assertValid, sameMembers } from './checks';
import { statement, type SectionStatements } from './statement';

const statuses = apiDocument.paymentStatuses();
const statedValues = statuses.join(' and ');

// Public facts §4 [C]; EXPIRED is graded [U] for paymentState and stays out of the schema.
const confirmedPaymentStates = ['AUTH_APPROVED', 'AUTH_DECLINED', 'PARTIALLY_CAPTURED', 'CAPTURED', 'CAPTURE_DECLINED', 'VOIDED'];

const paymentField = (spec: OpenApi, field: string) =>
  locate(spec, declaredProperty(spec, componentSchema(spec, 'Payment').node, field), pointerOf('components', 'schemas', 'Payment', 'properties', field));

/** Known values listed, any other string accepted, anything else refused. */
function assertOpenList(spec: OpenApi, pointer: string, schema: object, known: string[], what: string): void {
  sameMembers(listedValues(spec, schema), known, `${what} listed values`);
  assertValid(spec, pointer, known[0], `a known ${what}`);
  assertValid(spec, pointer, 'SOME_FUTURE_VALUE', `an unknown ${what}`);
  assertInvalid(spec, pointer, 42, `a non-string ${what}`);
}

export const statesStatements: SectionStatements = {
  section: '3',
  statements: [
    statement(`a payment's status lists the stated values ${statedValues} and stays open: an unknown string validates`, (spec) => {
      const status = paymentField(spec, 'status');
      assertOpenList(spec, status.pointer, status.node, statuses, 'status');
    }),

    statement(`the statuses filter takes the same open list (${statuses.join(', ')}, and further values)`, (spec) => {
      const statusesParameter = parameter(spec, operationById(spec, 'listPayments'), 'query', 'statuses');
      const schema = locate(spec, statusesParameter.node.schema, `${statusesParameter.pointer}/schema`);
      const items = locate(spec, schema.node.items, `${schema.pointer}/items`);
      assertOpenList(spec, items.pointer, items.node, statuses, 'statuses item');
    }),

    statement('paymentState lists the six confirmed states of public facts §4 (not the unconfirmed EXPIRED) and stays open', (spec) => {
      const state = paymentField(spec, 'paymentState');
      assertOpenList(spec, state.pointer, state.node, confirmedPaymentStates, 'paymentState');
      assert.ok(!listedValues(spec, state.node).includes('EXPIRED'));
    }),
  ],
};
