// Redoc prints a shown extension raw (`timeouts:` and a monospace value), so the site shows none: in
// the docs-only bundle, x-document-default becomes a paragraph of its parameter's description and
// x-timeouts, which each operation's description states in words, is left out; server descriptions
// and headings lose their code spans where Redoc shows them unrendered. The published description
// keeps the extensions as data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDocsBundle } from '../scripts/docs-bundle.mjs';
import { moveExtensionsIntoProse } from '../scripts/readable-extensions.mjs';
import { readSampleTemplates } from '../scripts/sample-templates.mjs';
import { type Json, packageDir, readSpec } from './support/paths';

const spec = readSpec();
const templates = readSampleTemplates();
const docs: Json = buildDocsBundle(spec, templates);

describe('extensions on the site', () => {
  it('are not shown by Redoc: redocly.yaml lists none', () => {
    expect(readFileSync(join(packageDir, 'redocly.yaml'), 'utf8')).not.toMatch(/^\s*showExtensions:/m);
  });

  it('leave no x-timeouts in the docs bundle, and every operation states its timeouts in words', () => {
    for (const [path, item] of Object.entries<any>(spec.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const { openSeconds, readSeconds } = operation['x-timeouts'];
        expect(docs.paths[path][method]['x-timeouts'], path).toBeUndefined();
        expect(docs.paths[path][method].description.replace(/\s+/g, ' '), path).toContain(
          `Timeouts: ${openSeconds} s to open the connection, ${readSeconds} s to read`,
        );
      }
    }
  });

  it('turn x-document-default into a paragraph of the description saying the default does not apply, and why', () => {
    const parameter = docs.components.parameters.ToCreatedDate;
    expect(parameter['x-document-default']).toBeUndefined();
    expect(parameter.description).toMatch(
      /no default applies \(below\)\.\n\n\*\*The API document's default:\*\* 2020-12-30, which does not apply\. A date-only value is not a date-time/,
    );
    expect(parameter.description).not.toContain('x-document-default');
  });

  it('leave the published description as data', () => {
    expect(spec.paths['/v2/payments'].get['x-timeouts']).toEqual({ openSeconds: 10, readSeconds: 20 });
    expect(spec.components.parameters.ToCreatedDate['x-document-default']).toMatchObject({ value: '2020-12-30', applied: false });
  });

  it('fail the build on a value without the fields the docs describe, naming where it is', () => {
    const broken = { components: { parameters: { X: { 'x-document-default': { value: '1' } } } } };
    expect(() => moveExtensionsIntoProse(broken)).toThrow('#/components/parameters/X/x-document-default: {"value":"1"} lacks applied (boolean)');
  });
});

describe('text Redoc shows without rendering Markdown', () => {
  it('server descriptions have no code spans (the legacy hosts read as host names, not `api.afterpay.com`)', () => {
    expect(spec.servers.some((server: Json) => server.description?.includes('`'))).toBe(true);
    for (const server of docs.servers) expect(server.description ?? '').not.toContain('`');
    expect(docs.servers.map((server: Json) => server.description).join(' ')).toContain('AU and NZ: api.afterpay.com (sandbox api-sandbox.afterpay.com)');
  });

  it('headings have no code spans, so the navigation shows them whole', () => {
    expect(spec.info.description).toContain('## Responses without `Content-Type`');
    expect(docs.info.description).toContain('## Responses without Content-Type\n');
    expect(docs.info.description.split('\n').filter((line: string) => /^#{1,6} .*`/.test(line))).toEqual([]);
  });
});
