// Just enough Markdown reading to take the tables and lists out of the reference documents, so the
// tests compare the spec with the documents' own text rather than with a retyped copy.

export interface Heading {
  level: number;
  number: string;
  title: string;
  line: number;
}

export interface Table {
  columns: string[];
  rows: Record<string, string>[];
}

const headingPattern = /^(#{2,6})\s+(\d+(?:\.\d+)*)\.?\s+(.+?)\s*$/;

export function numberedHeadings(markdown: string): Heading[] {
  return markdown.split('\n').flatMap((text, line) => {
    const match = headingPattern.exec(text);
    return match ? [{ level: match[1].length, number: match[2], title: match[3], line }] : [];
  });
}

function heading(markdown: string, number: string): Heading {
  const found = numberedHeadings(markdown).find((candidate) => candidate.number === number);
  if (!found) throw new Error(`no section ${number} in the document`);
  return found;
}

/** The section's own text: from its heading to the next heading of any level. */
export function sectionText(markdown: string, number: string): string {
  const lines = markdown.split('\n');
  const start = heading(markdown, number).line + 1;
  const end = lines.findIndex((text, index) => index >= start && /^#{1,6}\s/.test(text));
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

export function sectionTitle(markdown: string, number: string): string {
  return heading(markdown, number).title;
}

const cells = (row: string): string[] =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

export function tables(text: string): Table[] {
  const found: Table[] = [];
  let block: string[] = [];
  for (const line of [...text.split('\n'), '']) {
    if (line.trim().startsWith('|')) {
      block.push(line);
      continue;
    }
    if (block.length >= 2) {
      const columns = cells(block[0]);
      const rows = block.slice(2).map((row) => Object.fromEntries(cells(row).map((cell, i) => [columns[i], cell])));
      found.push({ columns, rows });
    }
    block = [];
  }
  return found;
}

/** The one table in `text` whose first column is `firstColumn`. */
export function tableStartingWith(text: string, firstColumn: string): Table {
  const matching = tables(text).filter((table) => table.columns[0] === firstColumn);
  if (matching.length !== 1) throw new Error(`expected one table starting with "${firstColumn}", found ${matching.length}`);
  return matching[0];
}

/** Items of a numbered list ("1. ..."), in order. */
export function numberedItems(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const match = /^\d+\.\s+(.*)$/.exec(line.trim());
    return match ? [match[1]] : [];
  });
}

/** Markdown code spans and emphasis removed, whitespace collapsed: for comparing prose. */
export const plainText = (text: string): string => text.replace(/[`*]/g, '').replace(/\s+/g, ' ').trim();
