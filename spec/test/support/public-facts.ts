// The graded public facts (../shared/reference/public-api-facts.md) the spec fills the document's
// "not shown" gaps with. Hosts are parsed from the file; the rest is quoted where it is used.
import { readFileSync } from 'node:fs';
import { publicFactsFile } from './paths';
import { sectionText, tableStartingWith } from './markdown';

const markdown = readFileSync(publicFactsFile, 'utf8');

const urlsIn = (cell: string): string[] => [...cell.matchAll(/`(https:\/\/[^`]+)`/g)].map((match) => match[1]);

export const publicFacts = {
  /** §1 "Current global hosts [C]": environment → base URL. */
  globalHosts: (): Record<string, string> =>
    Object.fromEntries(tableStartingWith(sectionText(markdown, '1'), 'environment').rows.map((row) => [row.environment, urlsIn(row['base URL'])[0]])),

  /** §1 "Legacy regional hosts": every production and sandbox host name. */
  legacyHostNames: (): string[] =>
    tableStartingWith(sectionText(markdown, '1'), 'region (countryCode)').rows.flatMap((row) =>
      [...urlsIn(row.production), ...urlsIn(row.sandbox)].map((url) => new URL(url).host),
    ),
};

/** §7: the public names of the parameters the document leaves unnamed [C]. */
export const unnamedListPaymentsParameters: Record<string, string> = {
  '<position parameter>': 'offset',
  '<order-by parameter>': 'orderBy',
  '<ascending parameter>': 'ascending',
};
