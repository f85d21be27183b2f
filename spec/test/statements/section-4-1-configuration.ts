// §4.1 GET {base_url}/v2/configuration: the request side.
import assert from 'node:assert/strict';
import type { OpenApi } from '../support/load-bundle';
import { effectiveSecurity, listedValues, operationAt, parameter, parametersOf, resolve } from '../support/spec-queries';
import { statement, type SectionStatements } from './statement';

function configuration(spec: OpenApi) {
  const entry = operationAt(spec, 'get', '/v2/configuration');
  assert.ok(entry, 'GET /v2/configuration is not described');
  return entry;
}

export const configurationEndpointStatements: SectionStatements = {
  section: '4.1',
  statements: [
    statement('GET /v2/configuration is described (operationId getConfiguration)', (spec) => {
      assert.equal(configuration(spec).operation.operationId, 'getConfiguration');
    }),

    statement('the request has no path parameters and no body', (spec) => {
      const entry = configuration(spec);
      assert.deepEqual(
        parametersOf(spec, entry).filter((p) => p.node.in === 'path'),
        [],
        'path parameters',
      );
      assert.equal(entry.operation.requestBody, undefined, 'request body');
    }),

    statement('no query parameter is required, so the request may carry none (include, from public facts §3, is optional)', (spec) => {
      const query = parametersOf(spec, configuration(spec)).filter((p) => p.node.in === 'query');
      assert.deepEqual(
        query.map((p) => p.node.name),
        ['include'],
        'query parameters',
      );
      for (const p of query) assert.notEqual(p.node.required, true, `${p.node.name} should be optional`);
    }),

    statement('include repeats the key (style form, explode true) and takes publicid, consumerlending, paybyinstallment', (spec) => {
      const include = parameter(spec, configuration(spec), 'query', 'include').node;
      assert.deepEqual([include.style, include.explode], ['form', true], 'include serialisation');
      const schema = resolve(spec, include.schema);
      assert.equal(schema.type, 'array');
      assert.deepEqual(listedValues(spec, schema.items), ['publicid', 'consumerlending', 'paybyinstallment']);
    }),

    statement('the Authorization header is required: the operation uses BasicAuth', (spec) => {
      assert.deepEqual(effectiveSecurity(spec, configuration(spec)), [{ BasicAuth: [] }]);
    }),
  ],
};
