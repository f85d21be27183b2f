// Every statement of the API document, section by section, checked against the bundled description.
// A failing test's name is the statement that broke; its message says how.
import { describe, it } from 'vitest';
import { apiDocument } from '../support/api-document';
import { loadBundle } from '../support/load-bundle';
import { statementsBySection } from '../statements';

const spec = loadBundle();

for (const { section, statements } of statementsBySection) {
  describe(`§${section} ${apiDocument.title(section)}`, () => {
    for (const { name, check } of statements) it(name, () => check(spec));
  });
}
