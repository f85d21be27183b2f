// The extensions the site shows read as sentences, not raw JSON; the published description keeps
// them as data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDocsBundle } from '../scripts/docs-bundle.mjs';
import { makeExtensionsReadable, READABLE_EXTENSIONS } from '../scripts/readable-extensions.mjs';
import { type Json, packageDir, readSpec } from './support/paths';

const spec = readSpec();
const templates = { 'curl.template': '', 'typescript.template': '' };

describe('extensions on the site', () => {
  it('turn x-timeouts into the limits in words on every operation', () => {
    const docs: Json = buildDocsBundle(spec, templates);
    for (const [path, item] of Object.entries<any>(docs.paths)) {
      for (const operation of Object.values<any>(item)) {
        expect(operation['x-timeouts'], path).toBe('allow 10 seconds to open the connection and 20 seconds to read the response');
      }
    }
  });

  it('turn x-document-default into a sentence saying the default does not apply, and why', () => {
    const docs: Json = buildDocsBundle(spec, templates);
    expect(docs.components.parameters.ToCreatedDate['x-document-default']).toMatch(
      /^the API document gives 2020-12-30 as the default, which does not apply: A date-only value is not a date-time/,
    );
  });

  it('leave the published description as data', () => {
    buildDocsBundle(spec, templates);
    expect(spec.paths['/v2/payments'].get['x-timeouts']).toEqual({ openSeconds: 10, readSeconds: 20 });
  });

  it('cover every extension redocly.yaml shows, so none is printed as JSON', () => {
    const config = readFileSync(join(packageDir, 'redocly.yaml'), 'utf8');
    const shown = [...config.split('showExtensions:')[1].matchAll(/^\s+- (x-[\w-]+)$/gm)].map(([, name]) => name);
    expect(shown.length).toBeGreaterThan(0);
    expect(Object.keys(READABLE_EXTENSIONS).sort()).toEqual(shown.sort());
  });

  it('fail the build on a value without the fields the docs describe, naming where it is', () => {
    const docs = { paths: { '/ping': { get: { 'x-timeouts': { openSeconds: 10 } } } } };
    expect(() => makeExtensionsReadable(docs)).toThrow('#/paths/~1ping/get/x-timeouts: {"openSeconds":10} lacks readSeconds (number)');
  });
});
