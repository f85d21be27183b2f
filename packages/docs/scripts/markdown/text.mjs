// Markdown building blocks: code spans and fences that survive any content, and file names.

/** `text` as a code span, with enough backticks around it that none inside ends it. */
export function code(text) {
  const value = String(text);
  const longest = Math.max(0, ...[...value.matchAll(/`+/g)].map(([run]) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') || (value.startsWith(' ') && value.endsWith(' ') && value.trim()) ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}

/** A fenced block whose fence is longer than any backtick run in `source`. */
export function fenced(language, source) {
  const longest = Math.max(2, ...[...source.matchAll(/`+/g)].map(([run]) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${source.replace(/\n$/, '')}\n${fence}`;
}

/** `listPayments` -> `list-payments`: an operation's or a record's file name, without extension. */
export function kebab(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** Text on one line: a Markdown table cell or a list item's first line. */
export function oneLine(text) {
  return String(text)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** The first sentence of a description, for a one-line summary. */
export function firstSentence(text) {
  const line = oneLine(text ?? '');
  return /^.*?[.!?](?=\s|$)/.exec(line)?.[0] ?? line;
}

/** A literal value as the description writes it: strings bare, everything else as JSON. */
export function literal(value) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
