// How the numbers read in BENCHMARKS.md: units, `median (min–max)`, verdicts, tables and a section's blocks.
export const meets = (value, ceiling) => Number.isFinite(value) && value <= ceiling;
export const verdict = (met) => (met ? '**met**' : '**missed**');
/** A summarised ratio against its ceiling, as target lines state it. */
export const ratioVerdict = (ratio, ceiling) => `${range(ratio, formatRatio)}, ${verdict(meets(ratio.median, ceiling))}`;
export const formatRatio = (ratio) => `${ratio.toFixed(2)}×`;
export const formatMiB = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
export const exactBytes = (bytes) => `${bytes.toLocaleString('en')} B`;
export const perSecond = (unit) => (value) => `${Math.round(value).toLocaleString('en')} ${unit}/s`;

export function formatDuration(ms) {
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 10_000) return `${ms < 100 ? ms.toFixed(1) : Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export function formatBytes(bytes) {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(2)} kB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

export const range = (summary, format) => `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`;

export function table(header, rows) {
  const cell = (value) => String(value).replace(/\|/g, '\\|');
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
}

/** A row's section: its blocks (paragraphs, tables, target lines) a blank line apart, empty ones left out. */
export const blocks = (...parts) => parts.filter(Boolean).join('\n\n');
export const summaryTable = (header, summaries, format) =>
  table(
    header,
    Object.entries(summaries).map(([name, summary]) => [name, range(summary, format)]),
  );
export const codeBlock = (text) => `\`\`\`\n${text}\n\`\`\``;
