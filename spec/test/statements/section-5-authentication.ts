// §5 Authentication: HTTP Basic on every operation but Ping, how the header is built, the worked example.
import assert from 'node:assert/strict';
import type { OpenApi } from '../support/load-bundle';
import { effectiveSecurity, isPing, operations, response } from '../support/spec-queries';
import { assertMentions } from './checks';
import { statement, type SectionStatements } from './statement';

const basicAuth = (spec: OpenApi) => {
  const scheme = spec.components?.securitySchemes?.BasicAuth;
  assert.ok(scheme, 'components.securitySchemes.BasicAuth is missing');
  return scheme;
};

// The example the public docs give (public facts §8); the test recomputes the base64 itself.
const example = { merchantId: '32', secretKey: 'abcdefgh', header: 'Basic MzI6YWJjZGVmZ2g=' };
const basicHeader = (merchantId: string, secretKey: string) => `Basic ${Buffer.from(`${merchantId}:${secretKey}`).toString('base64')}`;

export const authenticationStatements: SectionStatements = {
  section: '5',
  statements: [
    statement('BasicAuth is HTTP Basic authentication as in RFC 7617', (spec) => {
      const scheme = basicAuth(spec);
      assert.deepEqual([scheme.type, scheme.scheme], ['http', 'basic']);
      assertMentions(scheme.description, 'RFC 7617', 'BasicAuth description');
    }),

    statement('every operation except Ping requires BasicAuth, and only BasicAuth', (spec) => {
      for (const entry of operations(spec).filter((candidate) => !isPing(candidate))) {
        assert.deepEqual(effectiveSecurity(spec, entry), [{ BasicAuth: [] }], `${entry.label} security`);
      }
    }),

    statement('the username is the Merchant ID and the password the Secret Key', (spec) => {
      const description = basicAuth(spec).description;
      assert.match(description, /Username:?\s+(is\s+)?the Merchant ID/i, 'BasicAuth description names the username');
      assert.match(description, /Password:?\s+(is\s+)?the Secret Key/i, 'BasicAuth description names the password');
    }),

    statement('the header is built as <merchant_id>:<secret_key>, base64-encoded, sent as Authorization: Basic <BASE64_CREDENTIALS>', (spec) => {
      for (const text of [basicAuth(spec).description, spec.info.description]) {
        assertMentions(text, '<merchant_id>:<secret_key>', 'the header recipe');
        assertMentions(text, 'no spaces', 'the header recipe');
        assertMentions(text, 'base64', 'the header recipe');
        assertMentions(text, 'Authorization: Basic <BASE64_CREDENTIALS>', 'the header recipe');
        assertMentions(text, 'one space after Basic', 'the header recipe');
      }
    }),

    statement(`the worked example (Merchant 32 / secret abcdefgh -> ${example.header}) appears and is correct`, (spec) => {
      assert.equal(basicHeader(example.merchantId, example.secretKey), example.header, 'base64 of 32:abcdefgh');
      const stated = /Merchant ID `([^`]+)` and Secret Key `([^`]+)` give `Authorization: (Basic [^`]+)`/.exec(basicAuth(spec).description);
      assert.ok(stated, 'the BasicAuth description should give a worked example');
      const [, merchantId, secretKey, header] = stated;
      assert.deepEqual(
        [merchantId, secretKey, header],
        [example.merchantId, example.secretKey, basicHeader(merchantId, secretKey)],
        'the worked example in the BasicAuth description',
      );
      assertMentions(spec.info.description, `Authorization: ${example.header}`, 'the overview');
    }),

    statement('base64 provides no security; requests and responses travel over TLS', (spec) => {
      for (const text of [basicAuth(spec).description, spec.info.description]) {
        assertMentions(text, 'no security', 'the base64 caveat');
        assertMentions(text, 'TLS', 'the base64 caveat');
      }
    }),

    statement('missing or incorrect authentication gets 401 Unauthorized on every authenticated operation', (spec) => {
      assertMentions(basicAuth(spec).description, '401 Unauthorized', 'BasicAuth description');
      for (const entry of operations(spec).filter((candidate) => !isPing(candidate))) {
        assertMentions(response(spec, entry, 401).node.description, 'missing or incorrect', `${entry.label} 401`);
      }
    }),
  ],
};
