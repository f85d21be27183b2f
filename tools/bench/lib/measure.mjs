// Numbers over rounds, and how they read. Pure but for timeInRounds; tools/test/bench checks them.
import { Bench } from 'tinybench';

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

/** Ratios taken round by round: pairing within a round cancels most of a shared machine's drift. */
export function pairedRatios(numerators, denominators) {
  if (numerators.length !== denominators.length) throw new Error('ratios need the same number of rounds on both sides');
  return numerators.map((value, round) => value / denominators[round]);
}

/** The summarised paired ratio of two lists of per-round values, by name. */
export const ratioOf = (values, numerator, denominator) => summarize(pairedRatios(values[numerator], values[denominator]));

/** The order for a round: rotated, so no variant always runs first. */
export function rotate(list, round) {
  const shift = round % list.length;
  return [...list.slice(shift), ...list.slice(0, shift)];
}

/** Calls `measure(name)` for every name in every round, rotated; a first warm-up round is dropped. */
export async function inRounds(names, rounds, measure, log = () => {}) {
  const values = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = -1; round < rounds; round++) {
    for (const name of rotate(names, round + 1)) {
      const value = await measure(name, round);
      if (round >= 0) values[name].push(value);
    }
    log(round < 0 ? 'warm-up round done' : `round ${round + 1}/${rounds} done`);
  }
  return values;
}

/** Micro-benchmarks: every round times every task with tinybench; a round's value is its median latency (ms). */
export async function timeInRounds(tasks, { rounds, timeMs, log }) {
  const perTask = await inRounds(
    ['all'],
    rounds,
    async (_, round) => {
      const bench = new Bench({ time: timeMs, warmupTime: Math.min(200, timeMs), throws: true });
      for (const name of rotate(Object.keys(tasks), round + 1)) bench.add(name, tasks[name]);
      await bench.run();
      for (const task of bench.tasks) if (task.result.state !== 'completed') throw new Error(`${task.name}: ${task.result.state} ${task.result.error ?? ''}`);
      return Object.fromEntries(bench.tasks.map((task) => [task.name, task.result.latency.p50]));
    },
    log,
  );
  return Object.fromEntries(Object.keys(tasks).map((name) => [name, summarize(perTask.all.map((round) => round[name]))]));
}

export const meets = (value, ceiling) => Number.isFinite(value) && value <= ceiling;
export const verdict = (met) => (met ? '**met**' : '**missed**');
export const formatRatio = (ratio) => `${ratio.toFixed(2)}×`;
export const formatMiB = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
export const exactBytes = (bytes) => `${bytes.toLocaleString('en')} B`;
export const perSecond = (unit) => (value) => `${Math.round(value).toLocaleString('en')} ${unit}/s`;

/** Milliseconds as µs below 1 ms, ms below 10 s, seconds above. */
export function formatDuration(ms) {
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 10_000) return `${ms < 100 ? ms.toFixed(1) : Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Bytes as B, kB (1000) or MB. */
export function formatBytes(bytes) {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(2)} kB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

/** `median (min–max)` of a summary. */
export const range = (summary, format) => `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`;

/** A Markdown table; `|` in cells is escaped. */
export function table(header, rows) {
  const cell = (value) => String(value).replace(/\|/g, '\\|');
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
}
