// Pure helpers for the benchmark numbers: summaries over rounds, ratios and display formats. No I/O,
// so tools/test/bench can check them without running a benchmark.

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values) {
  if (!values.length) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** { median, min, max, rounds, values } of one measurement taken once per round. */
export function summarize(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), rounds: values.length, values };
}

/**
 * Round-by-round ratios of two measurements taken in the same rounds. Pairing within a round cancels
 * most of the drift of a shared machine, which is why ratios, not absolute times, are compared.
 */
export function pairedRatios(numerators, denominators) {
  if (numerators.length !== denominators.length) throw new Error('ratios need the same number of rounds on both sides');
  return numerators.map((value, round) => value / denominators[round]);
}

/** The order tasks run in for a given round: rotated, so no task always runs first (or last). */
export function rotate(list, round) {
  const shift = round % list.length;
  return [...list.slice(shift), ...list.slice(0, shift)];
}

/** Whether a measured value meets a ceiling target. */
export function meets(value, ceiling) {
  return Number.isFinite(value) && value <= ceiling;
}

export function formatRatio(ratio) {
  return `${ratio.toFixed(2)}×`;
}

/** Milliseconds as µs below 1 ms, ms below 10 s, seconds above. */
export function formatDuration(ms) {
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 10_000) return `${ms < 100 ? ms.toFixed(1) : Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Bytes as B, kB (1000) or MB, with the exact byte count kept for small values. */
export function formatBytes(bytes) {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(2)} kB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

/** Bytes in binary units, for heap sizes. */
export function formatMiB(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

/** `median (min–max)` of a summary, in a given format. */
export function formatSummary(summary, format) {
  return `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`;
}
