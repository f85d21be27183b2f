// The export's two formats: JSONL (one payment per line, exactly as the service sent it) and CSV.
import { CSV_HEADER, csvRow } from './csv.js';

export const FORMATS = ['jsonl', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

export interface Encoder {
  /** What the file starts with: the CSV header, nothing for JSONL. */
  header: string;
  encode(payment: object): string;
  /** CSV: a line break inside double quotes is part of a cell, not the end of a row. */
  quotedLineBreaks: boolean;
}

export function encoder(format: Format): Encoder {
  return format === 'csv'
    ? { header: CSV_HEADER, encode: csvRow, quotedLineBreaks: true }
    : { header: '', encode: (payment) => `${JSON.stringify(payment)}\n`, quotedLineBreaks: false };
}
