// Runs micro-benchmarks in rounds with tinybench: every round times every task once (in a rotated
// order), and the round's value for a task is its median latency. One warm-up round is thrown away
// on top of tinybench's own per-task warm-up. Comparisons are then made round by round.
import { Bench } from 'tinybench';
import { rotate, summarize } from './stats.mjs';

/**
 * @param {Record<string, () => Promise<unknown>>} tasks  name -> async function timed per call
 * @param {{ rounds: number, timeMs: number, onRound?: (round: number, values: Record<string, number>) => void }} options
 * @returns {Promise<Record<string, { median: number, min: number, max: number, rounds: number, values: number[] }>>} ms per call
 */
export async function timeInRounds(tasks, { rounds, timeMs, onRound }) {
  const names = Object.keys(tasks);
  const perTask = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = -1; round < rounds; round++) {
    const bench = new Bench({ time: timeMs, warmupTime: Math.min(200, timeMs), throws: true });
    for (const name of rotate(names, round + 1)) bench.add(name, tasks[name]);
    await bench.run();
    if (round < 0) continue; // the warm-up round
    const values = {};
    for (const task of bench.tasks) {
      if (task.result.state !== 'completed') throw new Error(`${task.name}: ${task.result.state} ${task.result.error ?? ''}`);
      values[task.name] = task.result.latency.p50;
      perTask[task.name].push(task.result.latency.p50);
    }
    onRound?.(round, values);
  }
  return Object.fromEntries(names.map((name) => [name, summarize(perTask[name])]));
}
