// §4.2 Ping: exists and needs no authentication; method, path and response from public facts §2.
import assert from 'node:assert/strict';
import type { OpenApi } from '../support/load-bundle';
import { mediaType, operationById, response } from '../support/spec-queries';
import { assertInvalid, assertMentions, assertValid } from './checks';
import { statement, type SectionStatements } from './statement';

const ping = (spec: OpenApi) => operationById(spec, 'ping');

export const pingStatements: SectionStatements = {
  section: '4.2',
  statements: [
    statement('an operation named Ping exists', (spec) => {
      assert.equal(ping(spec).operation.summary, 'Ping');
    }),

    statement('Ping needs no auth (security: [])', (spec) => {
      assert.deepEqual(ping(spec).operation.security, [], 'Ping must override the global security with an empty list');
    }),

    statement('Ping is GET /ping, at the host root rather than under /v2 (public facts §2)', (spec) => {
      const entry = ping(spec);
      assert.deepEqual([entry.method, entry.path], ['get', '/ping']);
      assert.deepEqual(Object.keys(spec.paths['/ping']), ['get'], 'only GET is described on /ping');
    }),

    // The literal is a pattern with `examples`, not `const`: a `const` breaks some generators' own code.
    statement('Ping answers 200 text/plain with the body pong (public facts §2)', (spec) => {
      const ok = response(spec, ping(spec), 200);
      assert.deepEqual(Object.keys(ok.node.content), ['text/plain'], 'Ping 200 content types');
      const body = mediaType(spec, ok, 'text/plain');
      const schema = body.pointer + '/schema';
      assertValid(spec, schema, 'pong', 'the body pong');
      for (const other of ['PONG', 'ping', '']) assertInvalid(spec, schema, other, `the body ${JSON.stringify(other)}`);
      assert.deepEqual(body.node.schema.examples, ['pong'], 'Ping 200 schema examples');
      assertMentions(body.node.schema.description, 'The literal `pong`', 'Ping 200 schema description');
      assertMentions(ok.node.description, 'the literal `pong`', 'Ping 200 description');
    }),

    statement('Ping answers 405 to other methods, with no error body documented (public facts §2)', (spec) => {
      const notAllowed = response(spec, ping(spec), 405);
      assert.equal(notAllowed.node.content, undefined, 'Ping 405 has no documented body');
      assert.deepEqual(Object.keys(ping(spec).operation.responses).sort(), ['200', '405'], 'Ping responses');
    }),
  ],
};
