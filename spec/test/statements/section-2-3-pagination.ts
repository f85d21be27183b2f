// §2.3 Pagination: List Payments wraps its payments in a Pagination object (fields per public facts §5).
import assert from 'node:assert/strict';
import type { OpenApi } from '../support/load-bundle';
import { componentName, componentSchema, mediaType, operationById, property, response } from '../support/spec-queries';
import { sameMembers } from './checks';
import { statement, type SectionStatements } from './statement';

const pagination = (spec: OpenApi) => componentSchema(spec, 'Pagination').node;

export const paginationStatements: SectionStatements = {
  section: '2.3',
  statements: [
    statement('the List Payments response body is a Pagination object', (spec) => {
      const ok = response(spec, operationById(spec, 'listPayments'), 200);
      assert.equal(componentName(spec, mediaType(spec, ok, 'application/json').node.schema), 'Pagination');
    }),

    statement('Pagination has totalResults, offset, limit and results (public facts §5)', (spec) => {
      sameMembers(Object.keys(pagination(spec).properties), ['totalResults', 'offset', 'limit', 'results'], 'Pagination fields');
    }),

    statement('totalResults, offset and limit are integers', (spec) => {
      for (const field of ['totalResults', 'offset', 'limit']) {
        assert.equal(property(spec, pagination(spec), field).type, 'integer', `Pagination.${field} type`);
      }
    }),

    statement('results is a list of Payment objects', (spec) => {
      const results = property(spec, pagination(spec), 'results');
      assert.equal(results.type, 'array');
      assert.equal(componentName(spec, results.items), 'Payment');
    }),
  ],
};
