// The table renderer at its boundaries: the exact lines for a table that fits, one that fits with
// nothing to spare, one a cell too wide, and the order in which shrinkable columns give their cells.
import { describe, expect, it } from 'vitest';
import { style } from '../../src/io.js';
import { type Column, renderTable, truncate } from '../../src/table.js';

const plain = style(false);
const a = (n: number) => 'a'.repeat(n);
const b = (n: number) => 'b'.repeat(n);

describe('truncate', () => {
  it('keeps text that fits and cuts the rest to the width, … included', () => {
    expect(truncate('abcd', 4)).toBe('abcd');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abcdef', 1)).toBe('…');
  });

  it('counts a wide character as two cells and a combining accent as none', () => {
    expect(truncate('注文注文', 5)).toBe('注文…');
    expect(truncate('注文注文', 4)).toBe('注…');
    expect(truncate('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301…');
  });
});

describe('renderTable', () => {
  it('pads each cell to its column, right-aligned columns on the left, two spaces between columns', () => {
    const columns: Column[] = [{ header: 'Amount', align: 'right' }, { header: 'Ref' }, { header: 'X' }];
    expect(renderTable(columns, [['1.00', 'x', 'y']], 80, plain)).toEqual(['Amount  Ref  X', '  1.00  x    y']);
  });

  it('leaves a table that fits to the cell as it is, and takes one cell from a table one cell too wide', () => {
    const columns: Column[] = [{ header: 'A', shrink: true, min: 1 }, { header: 'B' }, { header: 'C' }];
    const rows = [[a(4), 'b', 'c']];
    expect(renderTable(columns, rows, 10, plain)).toEqual(['A     B  C', 'aaaa  b  c']);
    expect(renderTable(columns, rows, 9, plain)).toEqual(['A    B  C', 'aa…  b  c']);
  });

  it('takes from the widest shrinkable column, one cell at a time, the leftmost on a tie', () => {
    const columns: Column[] = [
      { header: 'A', shrink: true, min: 8 },
      { header: 'B', shrink: true, min: 8 },
    ];
    // 10 + 2 + 12 = 24 cells, 3 too many: B gives 2 (to 10), then A, leftmost of the tie, gives 1.
    expect(renderTable(columns, [[a(10), b(12)]], 21, plain)).toEqual([`A${' '.repeat(10)}B`, `${a(8)}…  ${b(9)}…`]);
  });

  it('stops a column at its floor and cuts the lines when no column can give more', () => {
    const columns: Column[] = [{ header: 'A', shrink: true, min: 8 }, { header: 'ID' }];
    // A gives 2 (10 to its floor of 8); the ID column never shrinks, so the line is cut at 21.
    expect(renderTable(columns, [[a(10), b(12)]], 21, plain)).toEqual([`A${' '.repeat(9)}ID`, `${a(7)}…  ${b(10)}…`]);
  });

  it('a row shorter than the header leaves its last cells empty', () => {
    const columns: Column[] = [{ header: 'A', shrink: true, min: 1 }, { header: 'B' }];
    expect(renderTable(columns, [[a(16)]], 20, plain)).toEqual([`A${' '.repeat(17)}B`, a(16)]);
  });

  it('makes every cell printable and bolds the header when styled', () => {
    expect(renderTable([{ header: 'H' }], [['x\u001b[2Jy']], 80, style(true))).toEqual(['\u001b[1mH\u001b[22m', 'x\\u001b[2Jy']);
  });
});
