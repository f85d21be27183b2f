// The generator × check table printed by `pnpm test:generators`.
import { renderTable } from '../text-table.mjs';
import { CHECKS } from './score.mjs';

const COLUMNS = [
  { title: 'target', value: (row) => row.id, align: 'left' },
  { title: 'generator', value: (row) => `${row.generator} ${row.version}`, align: 'left' },
  ...CHECKS.map((check) => ({ title: check, value: (row) => row.cells[check], align: 'center' })),
  { title: 'time', value: (row) => `${row.seconds.toFixed(0)} s`, align: 'right' },
];

export function formatMatrix(rows) {
  return renderTable(COLUMNS, rows);
}
