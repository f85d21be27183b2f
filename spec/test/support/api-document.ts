// The API document (../shared/api-document.md), read once and exposed as the tables and notes the
// statements are checked against. Parsing rather than retyping keeps the tests tied to its text.
import { readFileSync } from 'node:fs';
import { apiDocumentFile } from './paths';
import { numberedHeadings, numberedItems, sectionText, sectionTitle, tableStartingWith } from './markdown';

const markdown = readFileSync(apiDocumentFile, 'utf8');

export interface ContactFieldRow {
  field: string;
  required: boolean;
  maxLength: number;
  meaning: string;
}

export interface CountryRow {
  area1: string | null;
  area2: string | null;
  region: string | null;
}

export interface ListPaymentsParameterRow {
  /** As written in the document: a name, or a placeholder such as `<position parameter>`. */
  documentName: string;
  type: string;
  default: string;
  rule: string;
}

export interface ErrorRow {
  status: number;
  errorCode: string;
  condition: string;
}

/** The document writes "unspecified" where a country gives a field no meaning. */
const unspecifiedAsNull = (cell: string): string | null => (cell === 'unspecified' ? null : cell);

export const apiDocument = {
  title: (section: string): string => sectionTitle(markdown, section),

  /** Numbered sections with text of their own (§2 only groups its subsections). */
  sectionsWithText: (): string[] =>
    numberedHeadings(markdown)
      .map((heading) => heading.number)
      .filter((number) => sectionText(markdown, number).trim() !== ''),

  text: (section: string): string => sectionText(markdown, section),

  contactFields: (): ContactFieldRow[] =>
    tableStartingWith(sectionText(markdown, '2.1'), 'Field').rows.map((row) => ({
      field: row.Field,
      required: row.Required === 'yes',
      maxLength: Number(row['Max length']),
      meaning: row.Meaning,
    })),

  countryFields: (): Record<string, CountryRow> =>
    Object.fromEntries(
      tableStartingWith(sectionText(markdown, '2.1'), 'Country code').rows.map((row) => [
        row['Country code'],
        {
          area1: unspecifiedAsNull(row.area1),
          area2: unspecifiedAsNull(row.area2),
          region: unspecifiedAsNull(row.region),
        },
      ]),
    ),

  /** The Country code table exactly as written, one Markdown row per country. */
  countryTableRows: (): string[] => tableStartingWith(sectionText(markdown, '2.1'), 'Country code').rows.map((row) => `| ${Object.values(row).join(' | ')} |`),

  paymentStatuses: (): string[] => tableStartingWith(sectionText(markdown, '3'), 'Status value').rows.map((row) => row['Status value']),

  listPaymentsParameters: (): ListPaymentsParameterRow[] =>
    tableStartingWith(sectionText(markdown, '4.3'), 'Parameter').rows.map((row) => ({
      documentName: row.Parameter,
      type: row.Type,
      default: row.Default,
      rule: row.Rule,
    })),

  listPaymentsNotes: (): string[] => numberedItems(sectionText(markdown, '4.3')),

  authenticationSteps: (): string[] => numberedItems(sectionText(markdown, '5')),

  errors: (): ErrorRow[] =>
    tableStartingWith(sectionText(markdown, '7'), 'HTTP status').rows.map((row) => ({
      status: Number.parseInt(row['HTTP status'], 10),
      errorCode: row.errorCode,
      condition: row.Condition,
    })),

  limits: (): Record<string, string> => Object.fromEntries(tableStartingWith(sectionText(markdown, '8'), 'Limit').rows.map((row) => [row.Limit, row.Value])),
};
