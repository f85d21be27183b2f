// The matrix table: runtime, version, passed, failed, time.
import { renderTable } from '../text-table.mjs';

const COLUMNS = [
  { title: 'runtime', value: (row) => row.runtime, align: 'left' },
  { title: 'version', value: (row) => row.version, align: 'left' },
  { title: 'passed', value: (row) => String(row.passed), align: 'right' },
  { title: 'failed', value: (row) => String(row.failed), align: 'right' },
  { title: 'time', value: (row) => `${row.seconds.toFixed(1)} s`, align: 'right' },
];

export function formatTable(rows) {
  return renderTable(COLUMNS, rows);
}
