// A Markdown table as plain text, padded so it reads in a terminal too. Shared by the runtime and the
// generator matrices. columns: [{ title, value(row) -> string, align: 'left' | 'right' | 'center' }].
export function renderTable(columns, rows) {
  const cells = [columns.map((column) => column.title), ...rows.map((row) => columns.map((column) => column.value(row)))];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => [...line[index]].length)));
  const pad = (cell, index) => {
    const room = widths[index] - [...cell].length;
    if (columns[index].align === 'right') return ' '.repeat(room) + cell;
    if (columns[index].align === 'center') return ' '.repeat(Math.floor(room / 2)) + cell + ' '.repeat(Math.ceil(room / 2));
    return cell + ' '.repeat(room);
  };
  const format = (line) => `| ${line.map(pad).join(' | ')} |`;
  const rules = { left: (w) => ` ${'-'.repeat(w)} `, right: (w) => ` ${'-'.repeat(w - 1)}: `, center: (w) => ` :${'-'.repeat(Math.max(w - 2, 1))}: ` };
  const rule = `|${widths.map((width, index) => rules[columns[index].align ?? 'left'](width)).join('|')}|`;
  return [format(cells[0]), rule, ...cells.slice(1).map(format)].join('\n');
}
