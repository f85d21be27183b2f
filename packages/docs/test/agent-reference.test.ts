// The reference for coding agents, as built into the site: llms.txt, llms-full.txt and a Markdown
// copy of every operation and record. Everything the description states (each operation, parameter,
// status code and rule: bounds, lengths, patterns, enums, known values, required fields, defaults,
// timeouts) must be in the Markdown, every sample the page shows too, and every link must resolve in
// the built site, relative to the file, so that it holds under any sub-path.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationsOf, parametersOf, resolveRef } from '../scripts/code-samples.mjs';
import { dist, type Json, readDocsBundle, readSpec } from './support/paths';

const spec = readSpec();
const docs = readDocsBundle();
const operations = operationsOf(spec);
const read = (file: string) => readFileSync(join(dist, file), 'utf8');
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const fileOf = (operationId: string) => `operations/${kebab(operationId)}.md`;
const records: string[] = Object.values(spec['x-specified-records'] as Record<string, { $ref: string }>).map(({ $ref }) => $ref.split('/').pop()!);

/** Every file under dist/, as a path relative to it. */
function siteFiles(folder = dist, prefix = ''): string[] {
  return readdirSync(folder).flatMap((name) =>
    statSync(join(folder, name)).isDirectory() ? siteFiles(join(folder, name), `${prefix}${name}/`) : [`${prefix}${name}`],
  );
}

/** The text from `heading` (a whole line) up to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) throw new Error(`no heading ${JSON.stringify(heading)}`);
  const level = /^#+/.exec(heading)![0].length;
  // A `#` line inside a fenced block (a shell comment) is no heading.
  let fence = '';
  const end = lines.findIndex((line, index) => {
    const marker = /^(`{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.length >= fence.length)) fence = fence ? '' : marker;
    return index > start && !fence && /^#+ /.test(line) && /^#+/.exec(line)![0].length <= level;
  });
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

/** The values each rule of a schema sets, as they must appear in the text: bounds, lengths, patterns, enums, known values. */
function ruleValues(schema: Json): string[] {
  if (!schema || typeof schema !== 'object' || schema.$ref) return [];
  const values: string[] = [];
  for (const keyword of [
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minLength',
    'maxLength',
    'pattern',
    'minItems',
    'maxItems',
    'const',
    'default',
  ]) {
    if (schema[keyword] !== undefined) values.push(typeof schema[keyword] === 'string' ? schema[keyword] : JSON.stringify(schema[keyword]));
  }
  for (const value of schema.enum ?? []) values.push(String(value));
  if (schema.not?.const !== undefined) values.push(String(schema.not.const));
  if (schema['x-known-values']) values.push(...resolveRef(spec, schema['x-known-values']).enum);
  if (schema.type === 'array') values.push(...ruleValues(schema.items));
  return values;
}

/** A schema's properties with those of its allOf parts, and its required list. */
function propertiesOf(schema: Json): { properties: Record<string, Json>; required: Set<string> } {
  const properties: Record<string, Json> = {};
  const required = new Set<string>(schema.required ?? []);
  for (const part of schema.allOf ?? []) {
    const inner = propertiesOf(resolveRef(spec, part));
    Object.assign(properties, inner.properties);
    for (const name of inner.required) required.add(name);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) properties[name] = { ...properties[name], ...(property as Json) };
  return { properties, required };
}

/** Every field of a named schema's section is a list line naming it, saying required or optional, with each of its rules. */
function expectSchemaSection(markdown: string, heading: string, schema: Json) {
  const text = section(markdown, heading);
  for (const value of ruleValues(schema)) expect(text, `${heading}: ${value}`).toContain(value);
  expectFields(text, schema, '', heading);
}

function expectFields(text: string, schema: Json, indent: string, where: string) {
  const { properties, required } = propertiesOf(schema);
  for (const [name, property] of Object.entries(properties)) {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${indent}- \`${name}\` (`));
    expect(line, `${where}: field ${name}`).toBeDefined();
    expect(line, `${where}: ${name} required or not`).toContain(required.has(name) ? '; required' : '; optional');
    for (const value of ruleValues(property)) expect(line, `${where}: ${name}'s rule ${value}`).toContain(value);
    const inline = property.type === 'array' ? property.items : property;
    if (inline && !inline.$ref && (inline.properties || inline.allOf)) expectFields(text, inline, `${indent}  `, `${where}.${name}`);
  }
}

describe('the agents’ reference in the built site', () => {
  it('is llms.txt, llms-full.txt, traps.md, overview.md, one file per operation and one per record', () => {
    const markdown = siteFiles()
      .filter((file) => /\.(md|txt)$/.test(file))
      .sort();
    expect(markdown).toEqual(
      [
        'llms.txt',
        'llms-full.txt',
        'traps.md',
        'overview.md',
        ...operations.map(({ operation }) => fileOf(operation.operationId)),
        ...records.map((name) => `records/${kebab(name)}.md`),
      ].sort(),
    );
  });

  it('llms.txt says what the API is, lists each operation in one line, and names its traps', () => {
    const index = read('llms.txt');
    expect(index.startsWith(`# ${spec.info.title}\n\n> `)).toBe(true);
    for (const { path, method, operation } of operations) {
      const lines = index.split('\n').filter((line) => line.includes(`](${fileOf(operation.operationId)})`));
      expect(lines, operation.operationId).toHaveLength(1);
      expect(lines[0]).toContain(`${method.toUpperCase()} ${path}`);
      expect(lines[0]).toContain(operation.summary);
    }
    const traps = section(index, '## Traps');
    expect(traps).toContain('repeat the key once per value');
    expect(traps).toMatch(/Comma-separated values .* and brackets .* are refused with a 500/);
    expect(traps).toContain('`%2B`');
    const timeouts = operations.map(({ operation }) => operation['x-timeouts']);
    expect(new Set(timeouts.map((timeout) => JSON.stringify(timeout))).size).toBe(1);
    expect(traps).toContain(`${timeouts[0].openSeconds} s to open the connection and ${timeouts[0].readSeconds} s to read`);
    expect(traps).toContain('Basic authentication is built once');
    expect(traps).toContain('`Authorization: Basic MzI6YWJjZGVmZ2g=`');
    expect(traps).toContain('Ping needs none');
  });

  it('the traps name every default the document lists that does not apply, the errorCode several statuses share, and every open list', () => {
    const traps = section(read('llms.txt'), '## Traps');
    for (const { operation, pathItem } of operations)
      for (const parameter of parametersOf(spec, pathItem, operation)) {
        const stated = parameter['x-document-default'];
        if (stated && !stated.applied) {
          const line = traps.split('\n').find((candidate) => candidate.startsWith(`- \`${parameter.name}\` of ${operation.summary}: `));
          expect(line, parameter.name).toContain(`lists ${JSON.stringify(stated.value)} as the default, which does not apply`);
          expect(line, parameter.name).toContain(stated.reason);
        }
      }
    expect(traps).toMatch(/errorCode `error` .* 422 .* 500 when List Payments: usually a malformed `fromCreatedDate`/);
    const open = Object.values(spec.components.schemas as Record<string, Json>).filter((schema) => schema['x-known-values']);
    expect(open.length).toBeGreaterThan(0);
    for (const schema of open) expect(traps).toContain(`\`${schema.title}\` is an open list: ${schema.description.replace(/\s+/g, ' ').trim()}`);
  });

  it("traps.md is llms.txt's list of traps under its own title, for those who want only the traps", () => {
    const page = read('traps.md');
    expect(page.startsWith(`# Traps of the ${spec.info.title}\n\n`)).toBe(true);
    const items = (text: string) => text.split('\n').filter((line) => line.startsWith('- '));
    expect(items(page)).toEqual(items(section(read('llms.txt'), '## Traps')));
    expect(items(page).length).toBeGreaterThan(10);
    expect(read('llms.txt')).toContain('](traps.md)');
  });

  describe.each(operations.map((entry) => [entry.operation.operationId, entry] as const))(
    '%s in Markdown',
    (operationId, { path, method, operation, pathItem }) => {
      const markdown = read(fileOf(operationId));

      it('names the operation, says what it does, its authentication and its timeouts', () => {
        expect(markdown.startsWith(`# ${operation.summary}\n`)).toBe(true);
        expect(markdown).toContain(`\`${method.toUpperCase()} ${path}\` (operation ID \`${operationId}\``);
        expect(markdown).toContain(operation.description.trim());
        expect(markdown).toContain(
          `Timeouts: ${operation['x-timeouts'].openSeconds} s to open the connection, ${operation['x-timeouts'].readSeconds} s to read the response.`,
        );
        expect(markdown).toContain(operation.security.length ? 'Authentication: HTTP Basic' : 'Authentication: none.');
      });

      it('has every parameter with where it goes, whether it is required, each rule and each example', () => {
        for (const parameter of parametersOf(spec, pathItem, operation)) {
          const text = section(markdown, `### \`${parameter.name}\``);
          expect(text.split('\n')[2]).toMatch(new RegExp(`^${parameter.in}; ${parameter.required ? 'required' : 'optional'}; `));
          for (const value of ruleValues(resolveRef(spec, parameter.schema))) expect(text, `${parameter.name}: ${value}`).toContain(value);
          expect(text).toContain(parameter.description.replace(/ \(see `x-document-default`\)/, ' (below)'));
          if (parameter['x-document-default']) expect(text).toContain(`**The API document's default:** ${parameter['x-document-default'].value}`);
          for (const example of Object.values(parameter.examples ?? {}) as Json[]) {
            const { value } = resolveRef(spec, example);
            expect(text).toContain(typeof value === 'string' ? value : JSON.stringify(value));
          }
          if (resolveRef(spec, parameter.schema).type === 'array')
            expect(text).toMatch(new RegExp(`Sent as: the key repeated once per value, \`${parameter.name}=[^&\`]+&${parameter.name}=`));
        }
      });

      it('has every status code with its description, headers and media types', () => {
        for (const [status, reference] of Object.entries(operation.responses) as [string, Json][]) {
          const response = resolveRef(spec, reference);
          const text = section(markdown, markdown.split('\n').find((line) => line.startsWith(`### ${status} `))!);
          expect(text).toContain(response.description.trim());
          for (const header of Object.keys(response.headers ?? {})) expect(text).toContain(`Header \`${header}\``);
          for (const [mediaType, content] of Object.entries(response.content ?? {}) as [string, Json][]) {
            expect(text).toContain(`Body: \`${mediaType}\``);
            for (const value of ruleValues(content.schema)) expect(text, `${status}: ${value}`).toContain(value);
          }
        }
      });

      it('has every schema its parameters and responses use, each field with its rules', () => {
        const used = new Set<string>();
        const visit = (node: Json) => {
          if (!node || typeof node !== 'object') return;
          if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
            const name = node.$ref.split('/').pop()!;
            if (used.has(name)) return;
            used.add(name);
            return visit(resolveRef(spec, node));
          }
          for (const [key, value] of Object.entries(node)) if (key !== 'examples') visit(value);
        };
        visit([parametersOf(spec, pathItem, operation), Object.values(operation.responses).map((response) => resolveRef(spec, response))]);
        for (const name of used) expectSchemaSection(markdown, `### \`${name}\``, spec.components.schemas[name]);
      });

      it('has every sample the page shows, exactly', () => {
        const shown = operationsOf(docs).find((entry: Json) => entry.operation.operationId === operationId)!.operation['x-codeSamples'];
        expect(shown.length).toBeGreaterThan(0);
        for (const { label, source } of shown) expect(section(markdown, `### ${label}`)).toContain(`\n${source.replace(/\n$/, '')}\n\`\`\``);
      });
    },
  );

  it.each(records)('has the %s record with every field, its rules and the country table', (name) => {
    const markdown = read(`records/${kebab(name)}.md`);
    const schema = spec.components.schemas[name];
    expectSchemaSection(markdown, markdown.split('\n')[0]!, schema);
    for (const [code, meaning] of Object.entries(schema['x-country-fields'] ?? {}) as [string, Json][]) {
      expect(markdown).toContain(`| ${code} | ${meaning.area1} | ${meaning.area2 ?? 'unspecified'} | ${meaning.region} |`);
    }
  });

  it('llms-full.txt holds the index, the overview, every operation and every record', () => {
    const full = read('llms-full.txt');
    expect(full.startsWith(read('llms.txt').trimEnd())).toBe(true);
    // Links differ (llms-full.txt is read from the site's root); the rest is the same text.
    const unlinked = (text: string) => text.replace(/\]\((\.\.\/)*/g, '](');
    for (const file of [
      'overview.md',
      ...operations.map(({ operation }) => fileOf(operation.operationId)),
      ...records.map((record) => `records/${kebab(record)}.md`),
    ]) {
      expect(unlinked(full), file).toContain(unlinked(read(file)).trimEnd());
    }
  });

  it('links only relatively, and every link resolves to a file of the built site', () => {
    const files = siteFiles();
    const checked: string[] = [];
    for (const file of files.filter((name) => /\.(md|txt)$/.test(name))) {
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        expect(target, `${file} -> ${target}`).not.toMatch(/^([a-z]+:|\/)/i);
        const resolved = posix.normalize(posix.join(posix.dirname(file), target!.split('#')[0]!));
        expect(files, `${file} -> ${target}`).toContain(resolved);
        checked.push(`${file} -> ${resolved}`);
      }
    }
    expect(checked.length).toBeGreaterThan(operations.length * 2);
  });

  it('index.html announces llms.txt, and each operation of the page links its Markdown copy', () => {
    const page = read('index.html');
    expect(page).toMatch(/<link rel="alternate" type="text\/markdown" href="llms.txt"[^>]*>/);
    for (const { operation } of operationsOf(docs)) expect(operation.description).toContain(`](${fileOf(operation.operationId)})`);
    expect(existsSync(join(dist, 'llms.txt'))).toBe(true);
  });
});
