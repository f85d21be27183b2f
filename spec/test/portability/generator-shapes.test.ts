// Shapes that every code generator reads the same way. A probe of five TypeScript generators (issue 13)
// found each of these read differently by at least one; the generator matrix holds the results to it.
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../support/load-bundle';
import { allSchemas } from '../support/named-examples';
import { operations, parametersOf, resolve, type Node } from '../support/spec-queries';

const spec = loadBundle();
const schemas = allSchemas(spec);
const openStrings = schemas.filter(({ node }) => node?.['x-known-values'] !== undefined);
// Every object an answer can hold: the component schemas reachable from a response body.
const inAnswers = componentsReachableFromResponses();
const answerObjects = Object.entries<Node>(spec.components.schemas)
  .filter(([name, node]) => node.type === 'object' && inAnswers.has(name))
  .map(([name, node]) => ({ pointer: `#/components/schemas/${name}`, node }));

function componentsReachableFromResponses(): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const ref = (node as Node).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.split('/').pop()!;
      if (!found.has(name)) {
        found.add(name);
        visit(spec.components.schemas[name]);
      }
    }
    Object.values(node).forEach(visit);
  };
  for (const entry of operations(spec)) visit(Object.values<Node>(entry.operation.responses ?? {}).map((response) => resolve(spec, response)));
  return found;
}

describe('the description uses shapes that generators read alike', () => {
  it('there are open strings to check (status, paymentState, event type, priority, currency, include)', () => {
    expect(openStrings.map(({ pointer }) => pointer.split('/').pop())).toEqual(
      expect.arrayContaining(['PaymentStatus', 'PaymentState', 'Currency', 'ConfigurationInclude', 'type', 'priority']),
    );
  });

  it('an open value is a plain `type: string` (no anyOf, no enum) whose x-known-values names a closed string enum', () => {
    // anyOf of an enum and a string became a wrapper that openapi-generator's Go, Java and Python clients
    // send as its type name (`statuses=openapi.PaymentStatus value`), an empty class in Kotlin and Rust;
    // a closed enum made Go, Java, Kotlin, Python and Rust refuse an unknown value in an answer.
    const wrong = openStrings
      .filter(({ node }) => {
        const known = resolve(spec, node['x-known-values']);
        return node.type !== 'string' || node.anyOf || node.oneOf || node.enum || known.type !== 'string' || !Array.isArray(known.enum);
      })
      .map(({ pointer }) => pointer);
    expect(wrong).toEqual([]);
  });

  it('every known-values enum is a component of its own, so that generators write its constants', () => {
    const inline = openStrings.filter(({ node }) => !String(node['x-known-values'].$ref ?? '').startsWith('#/components/schemas/Known'));
    expect(inline.map(({ pointer }) => pointer)).toEqual([]);
  });

  it('every object of an answer says additionalProperties: true (openapi-generator reads it missing as false)', () => {
    // Without it, openapi-generator's Go client decodes with DisallowUnknownFields and its Java client
    // (okhttp-gson) throws on a field it does not know: one field added by the service breaks every call.
    const closed = answerObjects.filter(({ node }) => node.additionalProperties !== true).map(({ pointer }) => pointer);
    expect(answerObjects.length).toBeGreaterThanOrEqual(15);
    expect(closed).toEqual([]);
  });

  it('no value is typed by `const` (a literal is stated in `examples` and the description)', () => {
    // orval typed Ping's body as 'pong' and then failed to compile its own assignment of a string.
    // A `const` inside `not` only refuses a value (Contact's countryCode refuses GB) and types nothing.
    const literal = schemas.filter(({ node, pointer }) => node?.const !== undefined && !pointer.endsWith('/not'));
    expect(literal.map(({ pointer }) => pointer)).toEqual([]);
  });

  it('no query parameter pairs `format: date-time` with a pattern (zod generators refuse the +hh:mm offset)', () => {
    const paired = operations(spec).flatMap((entry) =>
      parametersOf(spec, entry)
        .filter((parameter) => parameter.node.in === 'query')
        .map((parameter) => ({ name: `${entry.label} ${parameter.node.name}`, schema: resolve(spec, parameter.node.schema) }))
        .filter(({ schema }) => schema.format === 'date-time')
        .map(({ name }) => name),
    );
    expect(paired).toEqual([]);
  });

  it('no header parameter is required (a required header enters every generated call signature)', () => {
    const required = operations(spec).flatMap((entry) =>
      parametersOf(spec, entry)
        .filter((parameter) => parameter.node.in === 'header' && parameter.node.required)
        .map((parameter) => `${entry.label} ${parameter.node.name}`),
    );
    expect(required).toEqual([]);
  });
});
