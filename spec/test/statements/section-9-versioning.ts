// §9 Versioning: the version is the /v2 path prefix (Ping excepted, public facts §2).
import assert from 'node:assert/strict';
import { operations } from '../support/spec-queries';
import { statement, type SectionStatements } from './statement';

export const versioningStatements: SectionStatements = {
  section: '9',
  statements: [
    statement('the version is the /v2 path prefix except Ping at /ping', (spec) => {
      for (const entry of operations(spec)) {
        if (entry.operation.operationId === 'ping') assert.equal(entry.path, '/ping');
        else assert.match(entry.path, /^\/v2\//, `${entry.label} should be under /v2`);
      }
    }),

    statement('server URLs carry no version or path: the version lives in the paths', (spec) => {
      for (const server of spec.servers) {
        assert.equal(new URL(server.url.replace(/\{[^}]+\}/g, 'host.example')).pathname, '/', `${server.url} has a path`);
      }
    }),

    // The API's version is the /v2 path; info.version is the description's own semver, whose major
    // counts the description's breaking changes (3.0.0: response limits dropped, see CHANGELOG.md).
    statement("the version lives in the paths: info.version is the description's own semver, not the API version", (spec) => {
      assert.match(spec.info.version, /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/);
    }),
  ],
};
