// Numbers over rounds (how they read: format.mjs). Pure but for timeInRounds; tools/test/bench checks them.
import { Bench } from 'tinybench';

export function median(values) {
  if (!values.length) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const summarize = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values), rounds: values.length, values });

/** Ratios taken round by round: pairing within a round cancels most of a shared machine's drift. */
export function pairedRatios(numerators, denominators) {
  if (numerators.length !== denominators.length) throw new Error('ratios need the same number of rounds on both sides');
  return numerators.map((value, round) => value / denominators[round]);
}

/** The summarised paired ratio of two variants, by name, from their summaries (whose `values` are in round order). */
export const ratioOf = (summaries, numerator, denominator) => summarize(pairedRatios(summaries[numerator].values, summaries[denominator].values));
/** Every variant's paired ratio to each baseline but itself, named `<variant> / <baseline>`. */
export const ratiosTo = (values, ...baselines) =>
  Object.fromEntries(
    Object.keys(values).flatMap((name) => baselines.filter((base) => base !== name).map((base) => [`${name} / ${base}`, ratioOf(values, name, base)])),
  );
export const mapValues = (object, map) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value, key)]));

/** One summary per field of a list of per-round records. */
export const summarizeFields = (records, fields = Object.keys(records[0])) =>
  Object.fromEntries(fields.map((field) => [field, summarize(records.map((record) => record[field]))]));

/** The order for a round: rotated, so no variant always runs first. */
export const rotate = (list, round) => [...list.slice(round % list.length), ...list.slice(0, round % list.length)];

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
  const timeRound = async (_, round) => {
    const bench = new Bench({ time: timeMs, warmupTime: Math.min(200, timeMs), throws: true });
    for (const name of rotate(Object.keys(tasks), round + 1)) bench.add(name, tasks[name]);
    await bench.run();
    for (const task of bench.tasks) if (task.result.state !== 'completed') throw new Error(`${task.name}: ${task.result.state} ${task.result.error ?? ''}`);
    return Object.fromEntries(bench.tasks.map((task) => [task.name, task.result.latency.p50]));
  };
  const perRound = (await inRounds(['all'], rounds, timeRound, log)).all;
  return mapValues(tasks, (_, name) => summarize(perRound.map((round) => round[name])));
}
