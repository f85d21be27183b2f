// The generator × check table printed by `pnpm test:generators`.
import { renderTable } from '../text-table.mjs';
import { CHECKS, SAMPLES_CHECK } from './score.mjs';

const COLUMNS = [
  { title: 'target', value: (row) => row.id, align: 'left' },
  { title: 'generator', value: (row) => `${row.generator} ${row.version}`, align: 'left' },
  ...CHECKS.map((check) => ({ title: check, value: (row) => row.cells[check], align: 'center' })),
  { title: 'time', value: (row) => `${row.seconds.toFixed(0)} s`, align: 'right' },
];

export function formatMatrix(rows) {
  return renderTable(COLUMNS, rows);
}

const WIRE_COLUMNS = [
  { title: 'target', value: (row) => row.id, align: 'left' },
  {
    title: 'filter query as sent',
    value: (row) => (row.filterQuery?.rawQuery === null || !row.filterQuery ? '(none)' : `\`${row.filterQuery.rawQuery}\``),
    align: 'left',
  },
  { title: 'read as documented', value: (row) => (row.filterQuery?.asDocumented ? '✓' : `✗ ${row.filterQuery?.difference ?? ''}`.trim()), align: 'left' },
];

/** What each client put on the wire for the filter, and whether the service reads it as the documented query. */
export function formatWire(rows) {
  return renderTable(WIRE_COLUMNS, rows);
}

const SAMPLE_COLUMNS = [
  { title: 'language', value: (row) => row.samples.language, align: 'left' },
  { title: 'target', value: (row) => row.id, align: 'left' },
  { title: 'docs samples', value: (row) => row.cells[SAMPLES_CHECK], align: 'center' },
  { title: 'detail', value: (row) => row.samples.detail, align: 'left' },
];

/** Per language, whether the docs' samples compiled, ran as shown and returned payments. */
export function formatSamples(rows) {
  return renderTable(
    SAMPLE_COLUMNS,
    rows.filter((row) => row.samples),
  );
}
