// §1 What the service does: the base address, the operations, HTTPS and JSON.
import assert from 'node:assert/strict';
import { publicFacts } from '../support/public-facts';
import { isPing, mediaType, operations, response, type Node } from '../support/spec-queries';
import { sameMembers } from './checks';
import { statement, type SectionStatements } from './statement';

const templated = (server: Node): boolean => server.url.includes('{');

export const serviceStatements: SectionStatements = {
  section: '1',
  statements: [
    statement('the base address {base_url} is the production or the sandbox global host (public facts §1)', (spec) => {
      const hosts = publicFacts.globalHosts();
      const plain = spec.servers.filter((server: Node) => !templated(server));
      assert.deepEqual(
        plain.map((server: Node) => server.url),
        [hosts.Production, hosts.Sandbox],
        'the untemplated servers should be the production host then the sandbox host',
      );
      assert.match(plain[0].description, /production/i, 'the first server should be described as production');
      assert.match(plain[1].description, /sandbox/i, 'the second server should be described as sandbox');
    }),

    statement('the legacy regional hosts are one templated server offering every host of public facts §1', (spec) => {
      const legacy = spec.servers.filter(templated);
      assert.equal(legacy.length, 1, 'exactly one templated (legacy regional) server');
      const [server] = legacy;
      assert.match(server.description, /legacy/i, 'the templated server should be described as legacy');
      const variables = Object.values<Node>(server.variables ?? {});
      assert.equal(variables.length, 1, 'the legacy server has one variable, the host');
      assert.equal(server.url, `https://{${Object.keys(server.variables)[0]}}`, 'the variable is the whole host of an https URL');
      sameMembers(variables[0].enum, publicFacts.legacyHostNames(), 'the host variable should offer every legacy host');
      assert.ok(variables[0].enum.includes(variables[0].default), 'the default host is one of the offered hosts');
    }),

    statement('the service is HTTPS: every server URL starts with https://', (spec) => {
      for (const server of spec.servers) assert.match(server.url, /^https:\/\//, `${server.url} is not HTTPS`);
    }),

    statement('exactly three operations are described: the configuration, List Payments and Ping', (spec) => {
      sameMembers(
        operations(spec).map((entry) => entry.operation.operationId),
        ['getConfiguration', 'listPayments', 'ping'],
        'the described operations',
      );
    }),

    statement('the service is JSON: every operation except Ping answers 200 with application/json', (spec) => {
      for (const entry of operations(spec).filter((candidate) => !isPing(candidate))) {
        const ok = response(spec, entry, 200);
        assert.deepEqual(Object.keys(ok.node.content ?? {}), ['application/json'], `${entry.label} 200 content types`);
        assert.ok(mediaType(spec, ok, 'application/json').node.schema, `${entry.label} 200 has a schema`);
      }
    }),
  ],
};
