// A statement is one sentence of the API document (or of the public facts that fill its gaps) with a
// check that throws when the description contradicts it. Checks are pure functions of the description
// object, so the same catalogue drives the traceability tests and the mutation self-check.
import type { OpenApi } from '../support/load-bundle';

export interface Statement {
  name: string;
  check: (spec: OpenApi) => void;
}

export interface SectionStatements {
  /** The document's section number, e.g. `4.3`. */
  section: string;
  statements: Statement[];
}

export const statement = (name: string, check: (spec: OpenApi) => void): Statement => ({ name, check });

/** "an int32", "a boolean": for statement names built from the document's words. */
export const article = (phrase: string): string => (/^[aeiou]/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`);
