// How the numbers read in BENCHMARKS.md: units, `median (min–max)`, verdicts, tables and a section's blocks.
export const meets = (value, ceiling) => Number.isFinite(value) && value <= ceiling;
export const verdict = (met) => (met ? '**met**' : '**missed**');
/** A summarised ratio against its ceiling, as target lines state it. */
export const ratioVerdict = (ratio, ceiling) => `${range(ratio, formatRatio)}, ${verdict(meets(ratio.median, ceiling))}`;
export const formatRatio = (ratio) => `${ratio.toFixed(2)}×`;
export const formatMiB = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
export const exactBytes = (bytes) => `${bytes.toLocaleString('en')} B`;
export const perSecond = (unit) => (value) => `${Math.round(value).toLocaleString('en')} ${unit}/s`;

export const formatDuration = (ms) =>
  ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : ms < 10_000 ? `${ms < 100 ? ms.toFixed(1) : Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
export const formatBytes = (bytes) =>
  bytes < 1000 ? `${bytes} B` : bytes < 1_000_000 ? `${(bytes / 1000).toFixed(2)} kB` : `${(bytes / 1_000_000).toFixed(2)} MB`;

export const range = (summary, format) => `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`;

export function table(header, rows) {
  const cell = (value) => String(value).replace(/\|/g, '\\|');
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
}

/** A row's section: its blocks (paragraphs, tables, target lines) a blank line apart, empty ones left out. */
export const blocks = (...parts) => parts.filter(Boolean).join('\n\n');
export function summaryTable(header, summaries, format) {
  const rows = Object.entries(summaries).map(([name, summary]) => [name, range(summary, format)]);
  return table(header, rows);
}
export const codeBlock = (text) => `\`\`\`\n${text}\n\`\`\``;
