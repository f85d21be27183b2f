// The matrix table: runtime, version, passed, failed, time.
const COLUMNS = [
  { title: 'runtime', value: (row) => row.runtime, align: 'left' },
  { title: 'version', value: (row) => row.version, align: 'left' },
  { title: 'passed', value: (row) => String(row.passed), align: 'right' },
  { title: 'failed', value: (row) => String(row.failed), align: 'right' },
  { title: 'time', value: (row) => `${row.seconds.toFixed(1)} s`, align: 'right' },
];

export function formatTable(rows) {
  const cells = [COLUMNS.map((column) => column.title), ...rows.map((row) => COLUMNS.map((column) => column.value(row)))];
  const widths = COLUMNS.map((_, index) => Math.max(...cells.map((line) => line[index].length)));
  const format = (line) =>
    `| ${line.map((cell, index) => (COLUMNS[index].align === 'left' ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join(' | ')} |`;
  const rule = `|${widths.map((width, index) => (COLUMNS[index].align === 'left' ? ` ${'-'.repeat(width)} ` : ` ${'-'.repeat(width - 1)}: `)).join('|')}|`;
  return [format(cells[0]), rule, ...cells.slice(1).map(format)].join('\n');
}
