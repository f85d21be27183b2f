// §8 Limits: the timeouts on every operation, the paging limits, the address lengths; no rate limits.
import assert from 'node:assert/strict';
import { apiDocument } from '../support/api-document';
import { componentSchema, operationById, operations, parameter, property, resolve } from '../support/spec-queries';
import { statement, type SectionStatements } from './statement';

const limits = apiDocument.limits();
const seconds = (cell: string): number => Number(/^(\d+) seconds$/.exec(cell)![1]);
const openSeconds = seconds(limits['Connection open timeout']);
const readSeconds = seconds(limits['Connection read timeout']);
const [, lowest, highest, pageDefault] = /^(\d+) to (\d+) inclusive, default (\d+)$/
  .exec(limits['List Payments limit'])!
  .map(Number);
const positionDefault = Number(/^default (\d+)$/.exec(limits['List Payments position'])![1]);

export const limitsStatements: SectionStatements = {
  section: '8',
  statements: [
    statement(`open ${openSeconds} s and read ${readSeconds} s timeouts in x-timeouts on every operation`, (spec) => {
      for (const entry of operations(spec)) {
        assert.deepEqual(entry.operation['x-timeouts'], { openSeconds, readSeconds }, `${entry.label} x-timeouts`);
      }
    }),

    statement(
      `every operation's description states the ${openSeconds} s open and ${readSeconds} s read timeouts`,
      (spec) => {
        for (const entry of operations(spec)) {
          const text = entry.operation.description;
          assert.match(text, new RegExp(`\\b${openSeconds} s to open`), `${entry.label} description: open timeout`);
          assert.match(text, new RegExp(`\\b${readSeconds} s to read`), `${entry.label} description: read timeout`);
        }
      }
    ),

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

    statement('no rate limit is described: no operation lists 429 (rate limits are not shown)', (spec) => {
      for (const entry of operations(spec))
        assert.equal(entry.operation.responses['429'], undefined, `${entry.label} 429`);
    }),
  ],
};
