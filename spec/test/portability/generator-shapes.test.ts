// Shapes that every code generator reads the same way. A probe of five TypeScript generators (issue 13)
// found each of these read differently by at least one; the generator matrix holds the results to it.
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../support/load-bundle';
import { allSchemas } from '../support/named-examples';
import { operations, parametersOf, resolve, type Node } from '../support/spec-queries';

const spec = loadBundle();
const schemas = allSchemas(spec);
const openEnums = schemas.filter(({ node }) =>
  (node?.anyOf ?? []).some((branch: Node) => resolve(spec, branch).enum !== undefined)
);

describe('the description uses shapes that generators read alike', () => {
  it('there are open enums to check (status, paymentState, event type, priority, currency)', () => {
    expect(openEnums.length).toBeGreaterThanOrEqual(5);
  });

  it('an open enum has `type: string` in each anyOf branch and no `type` beside the anyOf', () => {
    // A sibling `type` made the schema `unknown`, a plain `string` or a closed union, depending on the generator.
    const wrong = openEnums
      .filter(({ node }) => node.type !== undefined || node.anyOf.some((branch: Node) => resolve(spec, branch).type !== 'string'))
      .map(({ pointer }) => pointer);
    expect(wrong).toEqual([]);
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
        .map(({ name }) => name)
    );
    expect(paired).toEqual([]);
  });

  it('no header parameter is required (a required header enters every generated call signature)', () => {
    const required = operations(spec).flatMap((entry) =>
      parametersOf(spec, entry)
        .filter((parameter) => parameter.node.in === 'header' && parameter.node.required)
        .map((parameter) => `${entry.label} ${parameter.node.name}`)
    );
    expect(required).toEqual([]);
  });
});
