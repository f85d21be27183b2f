// §4 Endpoints (common part): authentication on all but Ping, the User-Agent and Accept headers.
import assert from 'node:assert/strict';
import { effectiveSecurity, isPing, operations, parameter, parametersOf, response } from '../support/spec-queries';
import { assertMentions } from './checks';
import { statement, type SectionStatements } from './statement';

// Public facts §8 [C]: the documented User-Agent form.
const userAgentFormat = 'PluginOrLibrary/version (Platform/version; Language/version; Merchant/<merchantId>) <merchantSiteURL>';

export const endpointsStatements: SectionStatements = {
  section: '4',
  statements: [
    statement('every operation except Ping requires authentication', (spec) => {
      for (const entry of operations(spec).filter((candidate) => !isPing(candidate))) {
        const security = effectiveSecurity(spec, entry);
        assert.ok(security.length > 0, `${entry.label} has no security requirement`);
        for (const requirement of security) {
          assert.ok(Object.keys(requirement).length > 0, `${entry.label} allows anonymous access ({})`);
        }
      }
    }),

    // "Requests sent carry a User-Agent header": the document never says a request without one is refused,
    // and browsers cannot set it, so the header is declared on every operation and not required.
    statement('every operation declares the User-Agent header, optional, saying why and to send it anyway', (spec) => {
      for (const entry of operations(spec)) {
        const userAgent = parameter(spec, entry, 'header', 'User-Agent').node;
        assert.equal(userAgent.required ?? false, false, `${entry.label}: User-Agent should not be required`);
        assert.equal(userAgent.schema?.type, 'string', `${entry.label}: User-Agent should be a string`);
        assertMentions(userAgent.description, 'Send it on every request', `${entry.label} User-Agent`);
        assertMentions(userAgent.description, 'never that the service refuses a request without one', `${entry.label} User-Agent`);
      }
    }),

    statement(`User-Agent documents the format ${userAgentFormat} (public facts §8)`, (spec) => {
      for (const entry of operations(spec)) {
        assertMentions(parameter(spec, entry, 'header', 'User-Agent').node.description, userAgentFormat, `${entry.label} User-Agent`);
      }
    }),

    statement('Accept is documented: application/json on every JSON operation, text/plain on Ping', (spec) => {
      for (const entry of operations(spec)) {
        const accept = isPing(entry) ? 'Accept: text/plain' : 'Accept: application/json';
        assertMentions(entry.operation.description, accept, `${entry.label} description`);
      }
    }),

    statement('Authorization is carried by the security scheme, never declared as a header parameter', (spec) => {
      for (const entry of operations(spec)) {
        const declared = parametersOf(spec, entry).filter((p) => p.node.in === 'header' && p.node.name.toLowerCase() === 'authorization');
        assert.deepEqual(declared, [], `${entry.label} declares Authorization as a parameter`);
      }
    }),

    statement('a 200 may come without Content-Type (public facts §6): the overview and every JSON 200 say the body is JSON all the same', (spec) => {
      assertMentions(spec.info.description, 'sometimes answers `200` without a `Content-Type` header', 'the overview');
      for (const entry of operations(spec)) {
        const ok = response(spec, entry, 200).node;
        if (!ok.content?.['application/json']) continue;
        assertMentions(ok.description, 'sometimes omits `Content-Type`; the body is JSON all the same', `${entry.label} 200`);
      }
    }),
  ],
};
