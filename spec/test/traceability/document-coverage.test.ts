// The catalogue covers the whole document: a section without statements would be an untested part.
import { describe, expect, it } from 'vitest';
import { apiDocument } from '../support/api-document';
import { statementsBySection } from '../statements';

describe('the statement catalogue covers the API document', () => {
  it('every numbered section with text of its own has statements, in document order', () => {
    expect(statementsBySection.map(({ section }) => section)).toEqual(apiDocument.sectionsWithText());
  });

  it('no section is empty', () => {
    const empty = statementsBySection.filter(({ statements }) => statements.length === 0).map(({ section }) => section);
    expect(empty).toEqual([]);
  });

  it('statement names are unique within each section, so a failing name points at one statement', () => {
    const duplicated = statementsBySection.flatMap(({ section, statements }) =>
      statements
        .map(({ name }) => name)
        .filter((name, index, names) => names.indexOf(name) !== index)
        .map((name) => `§${section} › ${name}`),
    );
    expect(duplicated).toEqual([]);
  });
});
