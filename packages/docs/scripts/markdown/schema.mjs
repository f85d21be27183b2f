// A schema of the description in Markdown: its type in words, each rule it sets (bounds, lengths,
// patterns, enums, known values, required fields), and its fields as a nested list. Named schemas
// ($ref to components.schemas) are referred to by name and get a section of their own.
import { resolveRef } from '../code-samples.mjs';
import { code, literal, oneLine } from './text.mjs';

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** The name a `$ref` to components.schemas points at, or undefined. */
export function schemaName(node) {
  return typeof node?.$ref === 'string' ? decodeURIComponent(SCHEMA_REF.exec(node.$ref)?.[1] ?? '') || undefined : undefined;
}

/**
 * The named schemas `roots` use, directly or through other named schemas, in the order met.
 * @param {object} spec
 * @param {unknown[]} roots  schemas, parameters, responses: anything holding schemas
 */
export function schemasUsed(spec, roots) {
  const names = [];
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const name = schemaName(node);
    if (name) {
      if (names.includes(name)) return;
      names.push(name);
      return visit(resolveRef(spec, node));
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') visit(value);
  };
  visit(roots);
  return names;
}

/** The type in words: `integer (int32)`, `array of Payment`, `Money`. */
export function typeOf(spec, schema) {
  const name = schemaName(schema);
  if (name) return code(name);
  if (!schema || typeof schema !== 'object') return 'any';
  if (schema.type === 'array') return `array of ${typeOf(spec, schema.items)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type) return schema.format ? `${type} (${schema.format})` : type;
  const parts = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (parts) return parts.map((part) => typeOf(spec, part)).join(schema.allOf ? ' and ' : ' or ');
  return 'any';
}

/** Each rule the schema itself sets, in words; its fields are listed apart (fieldLines). */
export function rulesOf(spec, schema) {
  if (!schema || typeof schema !== 'object' || schemaName(schema)) return [];
  const rules = [];
  const say = (keyword, words) => schema[keyword] !== undefined && rules.push(words(schema[keyword]));
  say('const', (value) => `always ${code(literal(value))}`);
  say('enum', (values) => `one of ${values.map((value) => code(literal(value))).join(', ')}`);
  say('minimum', (value) => `minimum ${value}`);
  say('exclusiveMinimum', (value) => `greater than ${value}`);
  say('maximum', (value) => `maximum ${value}`);
  say('exclusiveMaximum', (value) => `less than ${value}`);
  say('minLength', (value) => `at least ${value} character${value === 1 ? '' : 's'}`);
  say('maxLength', (value) => `at most ${value} characters`);
  say('pattern', (value) => `matches ${code(value)}`);
  say('minItems', (value) => `at least ${value} item${value === 1 ? '' : 's'}`);
  say('maxItems', (value) => `at most ${value} items`);
  say('uniqueItems', (value) => (value ? 'no repeated items' : 'items may repeat'));
  say('not', (value) => `never ${value.const !== undefined ? code(literal(value.const)) : typeOf(spec, value)}`);
  say('default', (value) => `default ${code(literal(value))}`);
  const known = schema['x-known-values'];
  if (known) {
    const values = resolveRef(spec, known).enum ?? [];
    rules.push(
      `known values ${values.map((value) => code(literal(value))).join(', ')} (${schemaName(known) ? `${code(schemaName(known))}, ` : ''}an open list: any other value may come and must be handled)`,
    );
  }
  if (schema.type === 'array' && schema.items && !schemaName(schema.items)) {
    rules.push(...rulesOf(spec, schema.items).map((rule) => `each item: ${rule}`));
  }
  return rules;
}

/**
 * The properties of an object schema, those of its `allOf` parts merged in (a part's description
 * kept, the schema's own rules added), with the schema's required list.
 */
export function propertiesOf(spec, schema) {
  const properties = {};
  const required = new Set(schema.required ?? []);
  for (const part of schema.allOf ?? []) {
    const resolved = resolveRef(spec, part);
    for (const [name, property] of Object.entries(propertiesOf(spec, resolved).properties)) properties[name] = property;
    for (const name of resolved.required ?? []) required.add(name);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    properties[name] = properties[name] && !schemaName(property) ? { ...properties[name], ...property } : property;
  }
  return { properties, required };
}

/** The fields of an object schema as list lines, nested objects indented under their field. */
export function fieldLines(spec, schema, indent = '') {
  const { properties, required } = propertiesOf(spec, schema);
  return Object.entries(properties).flatMap(([name, property]) => {
    const facts = [typeOf(spec, property), required.has(name) ? 'required' : 'optional', ...rulesOf(spec, property)];
    const description = property.description ? `: ${oneLine(property.description)}` : '';
    const examples = property.examples?.length ? ` Example: ${property.examples.map((value) => code(literal(value))).join(', ')}.` : '';
    const line = `${indent}- ${code(name)} (${facts.join('; ')})${description}${examples}`;
    const inline = property.type === 'array' ? property.items : property;
    const nested = inline && !schemaName(inline) && (inline.properties || inline.allOf) ? fieldLines(spec, inline, `${indent}  `) : [];
    return [line, ...nested];
  });
}

/**
 * A named schema's section: its description, type and rules, its fields, and for the record of a
 * country table (`x-country-fields`) that table.
 * @param {number} level  the heading level of the section
 */
export function schemaSection(spec, name, level = 3, title = code(name)) {
  const schema = spec.components.schemas[name];
  if (!schema) throw new Error(`components.schemas.${name} is missing`);
  const lines = [`${'#'.repeat(level)} ${title}`, ''];
  if (schema.description) lines.push(schema.description.trim(), '');
  const rules = rulesOf(spec, schema);
  lines.push(`Type: ${typeOf(spec, schema)}${rules.length ? `; ${rules.join('; ')}` : ''}.`, '');
  if (schema.properties || schema.allOf) {
    const extra = schema.additionalProperties === false ? 'no other field is allowed' : 'more fields may come and must be ignored';
    lines.push(`Fields (${extra}):`, '', ...fieldLines(spec, schema), '');
  }
  if (schema.examples?.length) lines.push(`Example: ${schema.examples.map((value) => code(literal(value))).join(', ')}.`, '');
  return lines.join('\n');
}
