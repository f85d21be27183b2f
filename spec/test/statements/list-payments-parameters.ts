// The List Payments parameter table of §4.3 turned into expectations: the type each row names, what
// becomes of its default, and a machine check for its rule. Everything is derived from the row text.
import assert from 'node:assert/strict';
import { apiDocument, type ListPaymentsParameterRow } from '../support/api-document';
import type { OpenApi } from '../support/load-bundle';
import { unnamedListPaymentsParameters } from '../support/public-facts';
import { listedValues, resolve, type Located, type Node } from '../support/spec-queries';
import { assertInvalid, assertMentions, assertValid, sameMembers } from './checks';

export interface ParameterRow extends ListPaymentsParameterRow {
  /** The public name (public facts §7 names the document's placeholders). */
  name: string;
}

export const parameterRows: ParameterRow[] = apiDocument
  .listPaymentsParameters()
  .map((row) => ({ ...row, name: unnamedListPaymentsParameters[row.documentName] ?? row.documentName }));

const notes = apiDocument.listPaymentsNotes();

export const typeChecks: Record<string, (spec: OpenApi, schema: Node) => void> = {
  // A string whose pattern is the documented date-time form. `format: date-time` is left out on purpose
  // (QueryDateTime says why): zod generators turn it into a check that refuses `+11:00`.
  'string, ISO 8601 date-time': (_spec, schema) => {
    assert.equal(schema.type, 'string');
    const form = new RegExp(schema.pattern ?? '(?!)', 'u');
    for (const dateTime of ['2019-01-01T09:00:00.000+11:00', '2019-12-31T23:59:59.999Z'])
      assert.ok(form.test(dateTime), `the pattern should accept ${dateTime}`);
    for (const other of ['2019-01-01', 'yesterday']) assert.ok(!form.test(other), `the pattern should refuse ${other}`);
    assertMentions(schema.description, 'ISO 8601 (RFC 3339) date-time', 'the date-time schema description');
  },
  int32: (_spec, schema) => assert.deepEqual([schema.type, schema.format], ['integer', 'int32']),
  'array of strings': (spec, schema) => {
    assert.equal(schema.type, 'array');
    // A closed list, or an open string that names its known values in `x-known-values`.
    assert.equal(resolve(spec, schema.items).type, 'string', 'items should be strings');
  },
  string: (_spec, schema) => assert.equal(schema.type, 'string'),
  boolean: (_spec, schema) => assert.equal(schema.type, 'boolean'),
};

export type DocumentDefault = { kind: 'none' } | { kind: 'schema'; value: string | number | boolean } | { kind: 'recorded'; value: string };

const isDateTime = (text: string): boolean => /^\d{4}-\d{2}-\d{2}T/.test(text);

/**
 * What the document's Default cell means for the schema: a real `default` when the value is a
 * valid value of the stated type, otherwise a note kept in `x-document-default` (a client must never
 * have to send it). A date-only value is not a date-time, and a single word is not an array.
 */
export function documentDefault(row: ParameterRow): DocumentDefault {
  const cell = row.default;
  if (cell === 'none') return { kind: 'none' };
  if (cell === 'see note') {
    const note = notes.find((text) => text.includes(`listed for ${row.name}`));
    const listed = note && /A default of (\S+) is listed/.exec(note);
    if (!listed) throw new Error(`no note gives the listed default of ${row.name}`);
    return { kind: 'recorded', value: listed[1] };
  }
  switch (row.type) {
    case 'int32':
      return /^-?\d+$/.test(cell) ? { kind: 'schema', value: Number(cell) } : { kind: 'recorded', value: cell };
    case 'boolean':
      return cell === 'true' || cell === 'false' ? { kind: 'schema', value: cell === 'true' } : { kind: 'recorded', value: cell };
    case 'string':
      return { kind: 'schema', value: cell };
    case 'string, ISO 8601 date-time':
      return isDateTime(cell) ? { kind: 'schema', value: cell } : { kind: 'recorded', value: cell };
    default:
      return { kind: 'recorded', value: cell };
  }
}

const schemaPointer = (parameter: Located) => `${parameter.pointer}/schema`;

export function defaultStatementName(name: string, expected: DocumentDefault): string {
  switch (expected.kind) {
    case 'none':
      return `${name} has no default`;
    case 'schema':
      return `${name} defaults to ${expected.value}`;
    case 'recorded':
      return `${name}: the listed default ${expected.value} is kept in x-document-default, not as a schema default`;
  }
}

export function checkDefault(spec: OpenApi, parameter: Located, expected: DocumentDefault): void {
  const { name } = parameter.node;
  const schemaDefault = resolve(spec, parameter.node.schema).default;
  const recorded = parameter.node['x-document-default'];
  if (expected.kind === 'schema') {
    assert.deepEqual(schemaDefault, expected.value, `${name} schema default`);
    assertValid(spec, schemaPointer(parameter), expected.value, `the default of ${name}`);
    assert.equal(recorded, undefined, `${name} needs no x-document-default`);
    return;
  }
  assert.equal(schemaDefault, undefined, `${name} must not have a schema default`);
  if (expected.kind === 'none') {
    assert.equal(recorded, undefined, `${name} has no listed default to record`);
    return;
  }
  assert.equal(recorded?.value, expected.value, `${name} x-document-default.value`);
  assert.equal(recorded.applied, false, `${name} x-document-default.applied`);
  assert.match(recorded.reason ?? '', /^[^\n]+$/, `${name} x-document-default.reason is one line`);
  assertMentions(parameter.node.description, 'x-document-default', `${name} description`);
}

const descriptionSaysRule = (_spec: OpenApi, parameter: Located, rule: string) =>
  assertMentions(parameter.node.description, rule, `${parameter.node.name} description`);

function oneOrMore(spec: OpenApi, parameter: Located, rule: string): void {
  assert.match(rule, /^One or more/);
  assert.equal(resolve(spec, parameter.node.schema).minItems, 1, `${parameter.node.name} minItems`);
  assertInvalid(spec, schemaPointer(parameter), [], `an empty ${parameter.node.name} list`);
  descriptionSaysRule(spec, parameter, rule);
}

/** One check per parameter, reading its numbers and lists out of the rule text. */
export const ruleChecks: Record<string, (spec: OpenApi, parameter: Located, rule: string) => void> = {
  toCreatedDate: descriptionSaysRule,
  fromCreatedDate: descriptionSaysRule,
  limit: (spec, parameter, rule) => {
    const [, low, high] = /(\d+) to (\d+) inclusive/.exec(rule)!.map(Number);
    const schema = resolve(spec, parameter.node.schema);
    assert.deepEqual([schema.minimum, schema.maximum], [low, high], 'limit bounds');
    assert.deepEqual([schema.exclusiveMinimum, schema.exclusiveMaximum], [undefined, undefined], 'limit bounds are inclusive');
    for (const inside of [low, high]) assertValid(spec, schemaPointer(parameter), inside, `limit ${inside}`);
    for (const outside of [low - 1, high + 1]) assertInvalid(spec, schemaPointer(parameter), outside, `limit ${outside}`);
  },
  offset: (spec, parameter, rule) => {
    const first = Number(/position (\d+)/.exec(rule)![1]);
    assert.equal(resolve(spec, parameter.node.schema).minimum, first, 'offset minimum');
    assertInvalid(spec, schemaPointer(parameter), first - 1, `offset ${first - 1}`);
    descriptionSaysRule(spec, parameter, rule);
  },
  tokens: oneOrMore,
  ids: oneOrMore,
  merchantReferences: oneOrMore,
  statuses: (spec, parameter, rule) => {
    oneOrMore(spec, parameter, rule);
    const included = /values include (.+)$/.exec(rule)![1].split(/,\s*|\s+and\s+/);
    const listed = listedValues(spec, resolve(spec, parameter.node.schema).items);
    for (const value of included) assert.ok(listed.includes(value), `statuses should list ${value}`);
  },
  orderBy: (spec, parameter, rule) => {
    const allowed = /one of (.+)$/.exec(rule)![1].split(/,\s*/);
    sameMembers(resolve(spec, parameter.node.schema).enum ?? [], allowed, 'orderBy values');
    assertInvalid(spec, schemaPointer(parameter), 'price', 'an orderBy outside the list');
  },
  ascending: descriptionSaysRule,
};
