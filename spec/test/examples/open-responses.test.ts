// Response schemas are open: fields and enum values the description does not know yet must still
// validate, so that a client built from it keeps working when the service adds them.
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '@merchant-ordering/test-kit/json-schema';
import { loadBundle } from '../support/load-bundle';
import { allSchemas, mediaAndParameterExamples } from '../support/named-examples';

const spec = loadBundle();
const validator = schemaValidator(spec);
const jsonResponses = mediaAndParameterExamples(spec).filter((example) => example.response && example.mediaType === 'application/json');

/** A copy with `unknownFutureField` added to every object, at every depth. */
function withUnknownFieldEverywhere(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUnknownFieldEverywhere);
  if (value === null || typeof value !== 'object') return value;
  const copy = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withUnknownFieldEverywhere(inner)]));
  return { ...copy, unknownFutureField: { added: 'later' } };
}

// The open enumerations of a payment and the value a future service might send in each.
const futureValues: Record<string, string> = {
  status: 'PENDING_REVIEW',
  paymentState: 'AUTH_APPROVED_PENDING',
  type: 'DISPUTED',
  priority: 'SAME_DAY',
  currency: 'XTS',
};

/** A copy with every open-enum field given a value the description does not list, and how many were replaced. */
function withUnknownEnumValues(value: unknown): { value: unknown; replaced: number } {
  let replaced = 0;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, inner]) => {
        if (key in futureValues && typeof inner === 'string') {
          replaced += 1;
          return [key, futureValues[key]];
        }
        return [key, walk(inner)];
      }),
    );
  };
  return { value: walk(value), replaced };
}

const withEnums = jsonResponses.filter((example) => withUnknownEnumValues(example.value).replaced > 0);

describe('response schemas are open', () => {
  it.each(jsonResponses.map((example) => [example.label, example] as const))(
    '%s still validates with an unknown field added to every object',
    (_label, example) => {
      const result = validator.validate(example.schemaPointer, withUnknownFieldEverywhere(example.value));
      expect(result.errors).toBe('');
    },
  );

  it('some response examples carry the open enumerations (status, paymentState, event type, priority, currency)', () => {
    expect(withEnums.length).toBeGreaterThan(0);
  });

  it.each(withEnums.map((example) => [example.label, example] as const))(
    '%s still validates with unknown status, paymentState, event type, courier priority and currency values',
    (_label, example) => {
      const result = validator.validate(example.schemaPointer, withUnknownEnumValues(example.value).value);
      expect(result.errors).toBe('');
    },
  );

  it('no schema closes itself with additionalProperties: false or unevaluatedProperties: false', () => {
    const closed = allSchemas(spec)
      .filter(({ node }) => node?.additionalProperties === false || node?.unevaluatedProperties === false)
      .map(({ pointer }) => pointer);
    expect(closed).toEqual([]);
  });

  it('the validator still refuses what the schemas do constrain (a control: an amount sent as a number)', () => {
    const [page] = withEnums;
    const broken = JSON.parse(JSON.stringify(page.value).replace(/"amount":"([0-9.]+)"/, '"amount":$1'));
    expect(validator.validate(page.schemaPointer, broken).valid).toBe(false);
  });
});
