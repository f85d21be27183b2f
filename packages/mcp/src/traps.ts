// The API's traps, as a Markdown resource: the places where the service, or the API document, is not
// what a reader would assume. Every item is quoted from the description, so the list grows with it.
import { description, type Document } from './spec.js';

/** The `## heading` section of a Markdown text, without its heading; '' when absent. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const body = markdown.slice(start + heading.length + 5);
  const end = body.indexOf('\n## ');
  return (end < 0 ? body : body.slice(0, end)).trim();
}

export function trapsMarkdown(document: Document = description()): string {
  const { info, paths, components } = document;
  const lines = [
    `# Traps of the ${info.title}`,
    '',
    `Quoted from the description (@merchant-ordering/spec ${info.version}). @merchant-ordering/client, and so this server, handles each one.`,
    '',
  ];

  lines.push('## Defaults the API document lists that do not apply', '');
  for (const { get } of Object.values(paths)) {
    for (const parameter of get.parameters ?? []) {
      const stated = parameter['x-document-default'];
      if (stated && !stated.applied)
        lines.push(`- \`${parameter.name}\` (${get.operationId}): the document lists ${JSON.stringify(stated.value)}. ${stated.reason}`);
    }
  }

  lines.push('', '## How values must be written', '');
  for (const { get } of Object.values(paths)) for (const bullet of bullets(get.description)) lines.push(`- ${get.operationId}: ${bullet}`);

  lines.push('', '## Errors that do not say what went wrong', '');
  const errors = section(info.description, 'Errors');
  for (const row of errors.split('\n').filter((line) => /^\| (422|500) \|/.test(line))) {
    const [, status, code, when] = row.split('|').map((cell) => cell.trim());
    lines.push(`- ${status} \`${code?.replaceAll('`', '')}\`: ${when}`);
  }

  lines.push('', '## Open lists: values not known today are valid', '');
  for (const [name, schema] of Object.entries(components.schemas)) {
    if (schema['x-known-values'] && schema.description) lines.push(`- ${schema.title ?? name}: ${schema.description.replace(/\s+/g, ' ').trim()}`);
  }

  const contentType = section(info.description, 'Responses without `Content-Type`');
  if (contentType) lines.push('', '## Responses without Content-Type', '', contentType);
  return `${lines.join('\n')}\n`;
}

/** A Markdown list's items, each on one line (continuation lines are indented). */
function bullets(markdown: string): string[] {
  const items: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('- ')) items.push(line.slice(2).trim());
    else if (/^\s+\S/.test(line) && items.length) items[items.length - 1] += ` ${line.trim()}`;
    else if (items.length && line.trim() === '') break;
  }
  return items;
}
