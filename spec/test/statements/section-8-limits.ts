// §8 Limits: the timeouts on every operation, the paging limits, the address lengths; no rate limits.
import assert from 'node:assert/strict';
import { apiDocument } from '../support/api-document';
import type { OpenApi } from '../support/load-bundle';
import { subschemas } from '../support/named-examples';
import { componentSchema, locate, mediaType, operationById, operations, parameter, property, resolve, response, type Located } from '../support/spec-queries';
import { statement, type SectionStatements } from './statement';

const limits = apiDocument.limits();
const seconds = (cell: string): number => Number(/^(\d+) seconds$/.exec(cell)![1]);
const openSeconds = seconds(limits['Connection open timeout']);
const readSeconds = seconds(limits['Connection read timeout']);
const [, lowest, highest, pageDefault] = /^(\d+) to (\d+) inclusive, default (\d+)$/.exec(limits['List Payments limit'])!.map(Number);
const positionDefault = Number(/^default (\d+)$/.exec(limits['List Payments position'])![1]);

export const limitsStatements: SectionStatements = {
  section: '8',
  statements: [
    statement(`open ${openSeconds} s and read ${readSeconds} s timeouts in x-timeouts on every operation`, (spec) => {
      for (const entry of operations(spec)) {
        assert.deepEqual(entry.operation['x-timeouts'], { openSeconds, readSeconds }, `${entry.label} x-timeouts`);
      }
    }),

    statement(`every operation's description states the ${openSeconds} s open and ${readSeconds} s read timeouts`, (spec) => {
      for (const entry of operations(spec)) {
        const text = entry.operation.description;
        assert.match(text, new RegExp(`\\b${openSeconds} s to open`), `${entry.label} description: open timeout`);
        assert.match(text, new RegExp(`\\b${readSeconds} s to read`), `${entry.label} description: read timeout`);
      }
    }),

    statement(`List Payments limit: ${limits['List Payments limit']}`, (spec) => {
      const schema = resolve(spec, parameter(spec, operationById(spec, 'listPayments'), 'query', 'limit').node.schema);
      assert.deepEqual([schema.minimum, schema.maximum, schema.default], [lowest, highest, pageDefault]);
    }),

    statement(`List Payments position (offset): ${limits['List Payments position']}`, (spec) => {
      const schema = resolve(spec, parameter(spec, operationById(spec, 'listPayments'), 'query', 'offset').node.schema);
      assert.equal(schema.default, positionDefault);
    }),

    statement('address field lengths: every Contact field has the max length of §2.1', (spec) => {
      const contact = componentSchema(spec, 'Contact').node;
      for (const field of apiDocument.contactFields()) {
        assert.equal(property(spec, contact, field.field).maxLength, field.maxLength, `Contact.${field.field}`);
      }
    }),

    statement('the address lengths limit what a merchant sends: no schema a response returns carries maxLength or maxItems', (spec) => {
      const limited = responseSchemas(spec)
        .filter(({ node }) => node.maxLength !== undefined || node.maxItems !== undefined)
        .map(({ pointer }) => pointer);
      assert.deepEqual(limited, [], 'response schemas should hold returned values as sent');
    }),

    statement('no rate limit is described: no operation lists 429 (rate limits are not shown)', (spec) => {
      for (const entry of operations(spec)) assert.equal(entry.operation.responses['429'], undefined, `${entry.label} 429`);
    }),
  ],
};

/** Every subschema a response body can reach, following $refs (a $ref's own keywords included). */
function responseSchemas(spec: OpenApi): Located[] {
  const seen = new Map<string, Located>();
  const visit = (start: Located): void => {
    for (const part of subschemas(start)) {
      if (typeof part.node?.$ref !== 'string') {
        seen.set(part.pointer, part);
        continue;
      }
      const target = locate(spec, part.node, part.pointer);
      const key = `${target.pointer} via ${part.pointer}`;
      if (seen.has(key)) continue;
      seen.set(key, target);
      visit(target);
    }
  };
  for (const entry of operations(spec))
    for (const status of Object.keys(entry.operation.responses ?? {})) {
      const located = response(spec, entry, status);
      for (const type of Object.keys(located.node.content ?? {})) {
        const media = mediaType(spec, located, type);
        visit({ node: media.node.schema, pointer: `${media.pointer}/schema` });
      }
    }
  return [...seen.values()];
}
