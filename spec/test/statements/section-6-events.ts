// §6 Events: none are shown, so none are described.
import assert from 'node:assert/strict';
import { operations } from '../support/spec-queries';
import { statement, type SectionStatements } from './statement';

export const eventsStatements: SectionStatements = {
  section: '6',
  statements: [
    statement('no webhooks or callbacks are described (the document shows no events)', (spec) => {
      assert.equal(spec.webhooks, undefined, 'webhooks');
      for (const entry of operations(spec)) assert.equal(entry.operation.callbacks, undefined, `${entry.label} callbacks`);
    }),
  ],
};
