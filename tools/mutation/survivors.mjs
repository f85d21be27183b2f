// The mutants a package lists as impossible to kill (stryker-survivors.md beside its config): one row of
// a Markdown table each, naming the file, the mutator, the code and what Stryker made of it, with the
// reason. A mutant is matched by those four, not by its line, so the list survives edits elsewhere in
// the file. Every mutant that survives must be listed with a reason; a listed one that no longer
// survives is reported, so the list does not rot.

const MAX_CODE = 80;
export const HEADER = ['File', 'Mutator', 'Code', 'Mutated to', 'Why it survives'];
const TODO = 'TODO: why no test can kill it';

/** Code as the list shows it: whitespace runs as one space, at most 80 characters. */
export function shortCode(text) {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return flat.length > MAX_CODE ? `${flat.slice(0, MAX_CODE - 1)}…` : flat;
}

const keyOf = ({ file, mutator, code, replacement }) => [file, mutator, shortCode(code), shortCode(replacement)].join('\0');

/** A table cell holding code: a backtick fence longer than any run inside, `|` escaped for the table. */
function codeCell(code) {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = code.startsWith('`') || code.endsWith('`') || code === '' ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`.replace(/\|/g, '\\|');
}

function readCodeCell(cell) {
  const match = /^(`+)(.*)\1$/s.exec(cell);
  if (!match) return cell;
  const inner = match[2];
  return inner.length >= 2 && inner.startsWith(' ') && inner.endsWith(' ') ? inner.slice(1, -1) : inner;
}

/** A row of the list for a mutant, its reason still to be written unless given. */
export function formatRow(mutant, reason = TODO) {
  return `| ${[mutant.file, mutant.mutator, codeCell(shortCode(mutant.code)), codeCell(shortCode(mutant.replacement)), reason.replace(/\|/g, '\\|')].join(' | ')} |`;
}

/** The rows of every table in the file whose header is HEADER: { file, mutator, code, replacement, reason, line }. */
export function parseSurvivors(markdown) {
  const rows = [];
  let inTable = false;
  for (const [index, text] of markdown.split('\n').entries()) {
    const line = text.trim();
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = splitRow(line);
    if (cells.join('|') === HEADER.join('|')) {
      inTable = true;
      continue;
    }
    if (!inTable || cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    if (cells.length !== HEADER.length) throw new Error(`line ${index + 1}: a row needs ${HEADER.length} cells (${HEADER.join(', ')}), found ${cells.length}`);
    const [file, mutator, code, replacement, reason] = cells;
    rows.push({ file, mutator, code: readCodeCell(code), replacement: readCodeCell(replacement), reason, line: index + 1 });
  }
  return rows;
}

function splitRow(line) {
  const cells = [];
  let cell = '';
  for (let i = 1; i < line.length; i++) {
    if (line[i] === '\\' && line[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (line[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += line[i];
  }
  return cells;
}

/**
 * Compares the mutants no test killed with the list.
 * @returns {{ unlisted: object[], unexplained: object[], stale: object[] }} mutants missing from the
 *   list; rows without a reason; rows that match no surviving mutant
 */
export function checkSurvivors(undetected, listed) {
  const remaining = new Map();
  for (const row of listed) remaining.set(keyOf(row), [...(remaining.get(keyOf(row)) ?? []), row]);
  const unlisted = [];
  const unexplained = [];
  for (const mutant of undetected) {
    const rows = remaining.get(keyOf(mutant));
    const row = rows?.shift();
    if (!row) unlisted.push(mutant);
    else if (!row.reason || row.reason.startsWith('TODO')) unexplained.push(row);
  }
  const stale = [...remaining.values()].flat();
  return { unlisted, unexplained, stale };
}
