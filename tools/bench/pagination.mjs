// Item 3, pagination: every payment of a List Payments query in pages of 250, from a server in another
// process that waits 20 ms before each response. iteratePayments (two pages in flight) against a
// naive loop of listPayments calls, each walk in a fresh `node --expose-gc` process
// (pagination-consumer.mjs) so that its heap measurement holds nothing else.
//
// Timed round by round, in a rotated order: 1,000 and 10,000 payments with a consumer that does
// nothing per payment (the target's case); 10,000 with a consumer that works about the server's
// latency per page (where prefetching overlaps work and waiting), also with a consumer that yields to the
// event loop once per page; and a 2-pages-in-flight sketch. Then a heap pass: a consumer that keeps
// every payment (the contrast), and live-heap walks (a GC before each page-boundary sample), three each.
import { forkAndWait, runAsScript, startPaymentsServer } from './lib/processes.mjs';
import { pairedRatios, rotate, summarize } from './lib/stats.mjs';
import { PAGE_SIZE } from './pagination-consumer.mjs';

export const TARGET_RATIO = 0.6;
export const LATENCY_MS = 20;
/** Per payment, so that a page of 250 takes about the server's latency to consume. */
export const WORK_US_PER_PAYMENT = (LATENCY_MS * 1000) / PAGE_SIZE;

const VARIANTS = {
  'iterate 1k': { mode: 'iterate', total: 1_000 },
  'naive 1k': { mode: 'naive', total: 1_000 },
  'iterate 10k': { mode: 'iterate', total: 10_000 },
  'naive 10k': { mode: 'naive', total: 10_000 },
  'window2 10k': { mode: 'window2', total: 10_000 },
  'iterate 10k + work': { mode: 'iterate', total: 10_000, workUs: WORK_US_PER_PAYMENT },
  'iterate 10k + work, consumer yields': { mode: 'iterate-yielding', total: 10_000, workUs: WORK_US_PER_PAYMENT },
  'naive 10k + work': { mode: 'naive', total: 10_000, workUs: WORK_US_PER_PAYMENT },
};
/** Measured once each, after the timed rounds: only their heap matters. */
const HEAP_ONLY = {
  'collect 1k': { mode: 'collect', total: 1_000 },
  'collect 10k': { mode: 'collect', total: 10_000 },
};
const LIVE = ['iterate 1k', 'iterate 10k', 'naive 1k', 'naive 10k', 'collect 1k', 'collect 10k'];
const LIVE_RUNS = 3;

export async function measurePagination({ rounds = 5, log = console.log } = {}) {
  const servers = {};
  try {
    for (const total of [1_000, 10_000]) servers[total] = await startPaymentsServer({ total, latencyMs: LATENCY_MS });
    servers.warmup = await startPaymentsServer({ total: 2_500 });
    const walk = async (name, live = false) => {
      const { mode, total, workUs = 0 } = VARIANTS[name] ?? HEAP_ONLY[name];
      const args = ['--mode', mode, '--url', servers[total].url, '--warmup-url', servers.warmup.url, '--work-us', String(workUs)];
      if (live) args.push('--live');
      const { message } = forkAndWait(new URL('./pagination-consumer.mjs', import.meta.url), args, { execArgv: ['--expose-gc'] });
      const { result, error } = await message;
      if (error) throw new Error(`${name}: ${error}`);
      if (result.count !== total) throw new Error(`${name}: walked ${result.count} payments of ${total}`);
      return result;
    };

    const names = Object.keys(VARIANTS);
    const runs = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = -1; round < rounds; round++) {
      for (const name of rotate(names, round + 1)) {
        const result = await walk(name);
        if (round >= 0) runs[name].push(result);
      }
      log(`  pagination: ${round < 0 ? 'warm-up round' : `round ${round + 1}/${rounds}`} done`);
    }
    for (const name of Object.keys(HEAP_ONLY)) runs[name] = [await walk(name)];
    const live = Object.fromEntries(LIVE.map((name) => [name, []]));
    for (let run = 0; run < LIVE_RUNS; run++) for (const name of LIVE) live[name].push((await walk(name, true)).heldAtOnce);
    log('  pagination: heap pass done');

    const field = (name, key) => runs[name].map((run) => run[key]);
    const variants = Object.fromEntries(
      Object.keys(runs).map((name) => [
        name,
        {
          ...(VARIANTS[name] ?? HEAP_ONLY[name]),
          pages: runs[name][0].pages,
          ms: summarize(field(name, 'ms')),
          peakHeapDelta: summarize(field(name, 'peakHeapDelta')),
          retainedHeapDelta: summarize(field(name, 'retainedHeapDelta')),
          ...(name in live && { heldAtOnce: summarize(live[name]) }),
        },
      ]),
    );
    const ratio = (a, b) => summarize(pairedRatios(field(a, 'ms'), field(b, 'ms')));
    return {
      title: 'Pagination',
      method: { rounds, liveRuns: LIVE_RUNS, pageSize: PAGE_SIZE, latencyMs: LATENCY_MS, workUsPerPayment: WORK_US_PER_PAYMENT, heapSampleEveryMs: 5, warmupPayments: 2_500 },
      variants,
      ratios: {
        'iterate / naive (10k)': ratio('iterate 10k', 'naive 10k'),
        'iterate / naive (1k)': ratio('iterate 1k', 'naive 1k'),
        'iterate / naive (10k, consumer works)': ratio('iterate 10k + work', 'naive 10k + work'),
        'iterate / naive (10k, consumer works and yields per page)': ratio('iterate 10k + work, consumer yields', 'naive 10k + work'),
        'window2 sketch / naive (10k)': ratio('window2 10k', 'naive 10k'),
      },
      heap: heapVerdict(variants),
      target: { ratio: TARGET_RATIO, of: 'iterate / naive (10k)' },
    };
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.close()));
  }
}

/**
 * Flat means the heap does not scale with the result count. Holding 9,000 more payments costs what
 * the collecting consumer's heap grows by from 1,000 to 10,000; the iterator is flat when its growth
 * (most held at once, and retained after the walk) stays under a tenth of that. The tenth leaves room
 * for noise: with 40 page boundaries instead of 4, a walk more often catches the prefetched page in.
 */
export function heapVerdict(variants) {
  const held = (name) => variants[name].heldAtOnce.median;
  const retained = (name) => variants[name].retainedHeapDelta.median;
  const keptGrowth = held('collect 10k') - held('collect 1k');
  const bytesPerPayment = keptGrowth / 9_000;
  const heldGrowth = held('iterate 10k') - held('iterate 1k');
  const retainedGrowth = retained('iterate 10k') - retained('iterate 1k');
  return {
    bytesPerPayment,
    pageBytes: bytesPerPayment * PAGE_SIZE,
    keptGrowth,
    heldGrowth,
    retainedGrowth,
    flat: heldGrowth <= keptGrowth / 10 && retainedGrowth <= keptGrowth / 10,
    rule: 'from 1,000 to 10,000 payments, the iterator\'s held-at-once and retained heap each grow by at most a tenth of what keeping the 9,000 extra payments takes',
  };
}

await runAsScript(import.meta.url, () => measurePagination());
