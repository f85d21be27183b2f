// Tables for a terminal: columns sized to their content in terminal cells (a CJK character takes two,
// a combining accent none), the widest columns cut with … when the terminal is narrower, and each line
// cut at its width when even the narrowest columns are too wide. Cells are made printable first, so
// nothing from the service can drive the terminal.
import { printable, type Style } from './io.js';

export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** May be cut to fit the terminal, down to `min` cells. */
  shrink?: boolean;
  min?: number;
}

const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f\u2060\ufe00-\ufe0f]/u;
// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, the blocks in real use) and emoji.
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;

/** The number of terminal cells the text takes. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += ZERO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return width;
}

/** The text cut to at most `width` cells, ending in … when cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const cells = ZERO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
    if (used + cells > width - 1) break;
    out += char;
    used += cells;
  }
  return `${out}…`;
}

const pad = (text: string, width: number, align: 'left' | 'right' = 'left') => {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'right' ? fill + text : text + fill;
};

/** The table as lines, header first, each at most `maxWidth` cells wide. */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[], maxWidth: number, style: Style): string[] {
  const cells = rows.map((row) => row.map((cell) => printable(cell)));
  const widths = columns.map((column, index) => Math.max(displayWidth(column.header), ...cells.map((row) => displayWidth(row[index] ?? ''))));
  const gap = 2;
  let excess = widths.reduce((sum, width) => sum + width, 0) + gap * (columns.length - 1) - maxWidth;
  // Take from the widest shrinkable column, one cell at a time, until the table fits or none can give.
  while (excess > 0) {
    const candidates = columns
      .map((column, index) => ({ index, room: column.shrink ? widths[index]! - Math.max(column.min ?? 8, displayWidth(column.header)) : 0 }))
      .filter(({ room }) => room > 0);
    if (!candidates.length) break;
    const widest = candidates.reduce((a, b) => (widths[b.index]! > widths[a.index]! ? b : a));
    widths[widest.index]!--;
    excess--;
  }
  const line = (row: readonly string[]) =>
    truncate(
      row
        .map((cell, index) => pad(truncate(cell, widths[index]!), widths[index]!, columns[index]!.align))
        .join(' '.repeat(gap))
        .trimEnd(),
      maxWidth,
    );
  return [style.bold(line(columns.map((column) => column.header))), ...cells.map(line)];
}
