// CSV cells at the edges the main CSV test leaves: a null field, and quotes, in a formula or in plain text.
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvCell, csvRow } from '../../src/csv.js';

describe('CSV cells', () => {
  it('a null field is an empty cell, at the top and nested', () => {
    const row = csvRow({ id: null, merchantReference: 'ref', orderDetails: { consumer: { email: null } } });
    const cells = row.slice(0, -2).split(',');
    expect(cells[CSV_COLUMNS.indexOf('id')]).toBe('');
    expect(cells[CSV_COLUMNS.indexOf('merchantReference')]).toBe('ref');
    expect(cells[CSV_COLUMNS.indexOf('orderDetails.consumer.email')]).toBe('');
    expect(row).not.toContain('null');
  });

  it('a formula holding quotes is defused, and its quotes doubled', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('plain text holding quotes is quoted, and its quotes doubled', () => {
    expect(csvCell('the "blue" one')).toBe('"the ""blue"" one"');
  });
});
