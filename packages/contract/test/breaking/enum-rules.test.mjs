// The breaking-change check's enum rules, every branch of each: closed and open enums, in a request
// and in a response, a value removed, a value added, the enum added, the enum dropped. A removed value
// breaks in both directions and for both kinds (a client's constant is gone; oasdiff calls a closed
// response enum's loss a narrowing and lets it pass). The other rules follow the direction: a request
// may widen, a response may narrow.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findChanges } from '../../lib/index.js';

const base = JSON.parse(readFileSync(new URL('../fixtures/breaking/base.json', import.meta.url), 'utf8'));

/** The breaking changes `change` makes to the fixture, as "kind where", sorted. */
function breakingOf(change) {
  const head = structuredClone(base);
  change(head.components.schemas, head);
  return findChanges(base, head)
    .filter((found) => found.breaking)
    .map((found) => `${found.kind} ${found.where}`)
    .sort();
}

// Thing is both a page's item and the answer of GET /things/{id}: each rule is reported at both.
const both = (kind, property) => [`${kind} response 200 application/json /${property}`, `${kind} response 200 application/json /results/[]/${property}`].sort();

describe('a closed enum in a response (Thing.kind: BOLT, NUT)', () => {
  it('a value removed is breaking, at every place the schema is used', () => {
    expect(
      breakingOf((schemas) => {
        schemas.Thing.properties.kind.enum = ['BOLT'];
      }),
    ).toEqual(both('removed-enum-value', 'kind'));
  });

  it('a value removed and another added: both reported', () => {
    expect(
      breakingOf((schemas) => {
        schemas.Thing.properties.kind.enum = ['BOLT', 'WASHER'];
      }),
    ).toEqual([...both('added-response-enum-value', 'kind'), ...both('removed-enum-value', 'kind')].sort());
  });

  it('the message names the value removed', () => {
    const head = structuredClone(base);
    head.components.schemas.Thing.properties.kind.enum = ['NUT'];
    const messages = findChanges(base, head)
      .filter((found) => found.kind === 'removed-enum-value')
      .map((found) => found.message);
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(message).toContain('"BOLT"');
  });

  it('the enum dropped (any string may come) is breaking; the same values reordered are not', () => {
    expect(
      breakingOf((schemas) => {
        delete schemas.Thing.properties.kind.enum;
      }),
    ).toEqual(both('widened-response-constraint', 'kind'));
    expect(
      breakingOf((schemas) => {
        schemas.Thing.properties.kind.enum = ['NUT', 'BOLT'];
      }),
    ).toEqual([]);
  });

  it('an enum put on a response string that had none narrows it: not breaking', () => {
    expect(
      breakingOf((schemas) => {
        schemas.Thing.properties.id.enum = ['a', 'b'];
      }),
    ).toEqual([]);
  });
});

describe('a closed enum in a request (orderBy: createdAt, name)', () => {
  const orderBy = 'query parameter orderBy';

  it('a value removed is breaking', () => {
    expect(
      breakingOf((schemas) => {
        schemas.OrderBy.enum = ['name'];
      }),
    ).toEqual([`removed-enum-value ${orderBy}`]);
  });

  it('a value added, or the enum dropped, widens it: not breaking', () => {
    expect(breakingOf((schemas) => schemas.OrderBy.enum.push('price'))).toEqual([]);
    expect(
      breakingOf((schemas) => {
        delete schemas.OrderBy.enum;
      }),
    ).toEqual([]);
  });

  it('an enum put on a request string that had none is breaking', () => {
    expect(
      breakingOf((_, doc) => {
        doc.paths['/things'].get.parameters.find((p) => p.name === 'name').schema.enum = ['a'];
      }),
    ).toEqual(['narrowed-constraint query parameter name']);
  });
});

describe('an open enum in a response (Thing.state: ACTIVE, RETIRED, or any other string)', () => {
  it('a value removed is breaking; one added is not', () => {
    expect(
      breakingOf((schemas) => {
        schemas.Thing.properties.state.anyOf[0].enum = ['RETIRED'];
      }),
    ).toEqual(both('removed-enum-value', 'state'));
    expect(breakingOf((schemas) => schemas.Thing.properties.state.anyOf[0].enum.push('ARCHIVED'))).toEqual([]);
  });

  it('a closed response enum opened to any other string is breaking', () => {
    expect(
      breakingOf((schemas) => {
        schemas.Thing.properties.kind = { type: 'string', anyOf: [{ enum: ['BOLT', 'NUT'] }, { minLength: 1 }] };
      }),
    ).toEqual(both('widened-response-constraint', 'kind'));
  });

  it('an x-known-values string closed to exactly its known values narrows a response: not breaking; closed without one, breaking for that one only', () => {
    const known = (schemas) => {
      schemas.KnownState = { type: 'string', enum: ['ACTIVE', 'RETIRED'] };
      schemas.Thing.properties.state = { type: 'string', minLength: 1, 'x-known-values': { $ref: '#/components/schemas/KnownState' } };
    };
    const released = structuredClone(base);
    known(released.components.schemas);
    const closed = (values) => {
      const head = structuredClone(released);
      head.components.schemas.Thing.properties.state = { type: 'string', minLength: 1, enum: values };
      return findChanges(released, head)
        .filter((found) => found.breaking)
        .map((found) => `${found.kind} ${found.where}: ${found.message}`)
        .sort();
    };
    expect(closed(['ACTIVE', 'RETIRED'])).toEqual([]);
    expect(closed(['ACTIVE'])).toEqual(
      both('removed-enum-value', 'state').map((line) => `${line}: known value(s) removed: "RETIRED"; generated clients lose their constants`),
    );
  });
});
