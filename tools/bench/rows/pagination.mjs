// Row 3 (method: BENCHMARKS.md): iteratePayments against a naive loop of listPayments calls, each walk in a fresh `node --expose-gc` process
// (pagination-walk.mjs) so its heap holds nothing else; then a heap pass.
import { blocks, formatDuration, formatMiB, formatRatio, range, ratioVerdict, summaryTable, table, verdict } from '../lib/format.mjs';
import { inRounds, mapValues, ratioOf, summarize, summarizeFields } from '../lib/measure.mjs';
import { forkAndWait, startPaymentsServer } from '../lib/processes.mjs';

const TARGET_RATIO = 0.6;
const PAGE_SIZE = 250;
const LATENCY_MS = 20;
const WORK_US = (LATENCY_MS * 1000) / PAGE_SIZE; // a page of work takes about the server's latency
const VARIANTS = {
  'iterate 1k': { mode: 'iterate', total: 1_000 },
  'naive 1k': { mode: 'naive', total: 1_000 },
  'iterate 10k': { mode: 'iterate', total: 10_000 },
  'naive 10k': { mode: 'naive', total: 10_000 },
  'window2 10k': { mode: 'window2', total: 10_000 },
  'iterate 10k + work': { mode: 'iterate', total: 10_000, workUs: WORK_US },
  'iterate 10k + work, consumer yields': { mode: 'iterate-yielding', total: 10_000, workUs: WORK_US },
  'naive 10k + work': { mode: 'naive', total: 10_000, workUs: WORK_US },
};
const HEAP_ONLY = { 'collect 1k': { mode: 'collect', total: 1_000 }, 'collect 10k': { mode: 'collect', total: 10_000 } };
const LIVE = ['iterate 1k', 'iterate 10k', 'naive 1k', 'naive 10k', 'collect 1k', 'collect 10k'];
const LIVE_RUNS = 3;
const RATIOS = {
  'iterate / naive (10k)': ['iterate 10k', 'naive 10k'],
  'iterate / naive (1k)': ['iterate 1k', 'naive 1k'],
  'iterate / naive (10k, consumer works)': ['iterate 10k + work', 'naive 10k + work'],
  'iterate / naive (10k, consumer works and yields per page)': ['iterate 10k + work, consumer yields', 'naive 10k + work'],
  'window2 sketch / naive (10k)': ['window2 10k', 'naive 10k'],
};

async function measure(log, { rounds = 5 } = {}) {
  const servers = {};
  try {
    for (const total of [1_000, 10_000]) servers[total] = await startPaymentsServer({ total, latencyMs: LATENCY_MS });
    servers.warmup = await startPaymentsServer({ total: 2_500 });
    const walk = async (name, live = false) => {
      const { mode, total, workUs = 0 } = VARIANTS[name] ?? HEAP_ONLY[name];
      const args = [JSON.stringify({ mode, url: servers[total].url, warmupUrl: servers.warmup.url, workUs, live, pageSize: PAGE_SIZE })];
      const { result, error } = await forkAndWait(new URL('./pagination-walk.mjs', import.meta.url), args, { execArgv: ['--expose-gc'] }).message;
      if (error) throw new Error(`${name}: ${error}`);
      if (result.count !== total) throw new Error(`${name}: walked ${result.count} payments of ${total}`);
      return result;
    };
    const runs = await inRounds(Object.keys(VARIANTS), rounds, (name) => walk(name), log);
    for (const name of Object.keys(HEAP_ONLY)) runs[name] = [await walk(name)];
    const live = Object.fromEntries(LIVE.map((name) => [name, []]));
    for (let run = 0; run < LIVE_RUNS; run++) for (const name of LIVE) live[name].push((await walk(name, true)).heldAtOnce);
    log('heap pass done');
    const variants = mapValues(runs, (list, name) => ({
      pages: list[0].pages,
      ...summarizeFields(list, ['ms', 'peakHeapDelta', 'retainedHeapDelta']),
      ...(name in live && { heldAtOnce: summarize(live[name]) }),
    }));
    const ms = mapValues(variants, (variant) => variant.ms);
    const ratios = mapValues(RATIOS, ([a, b]) => ratioOf(ms, a, b));
    return { method: { rounds }, variants, ratios, heap: heapVerdict(variants) };
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.close()));
  }
}

/**
 * Flat: holding 9,000 more payments costs what "collect" grows by from 1,000 to 10,000; the iterator is
 * flat when its growth (held at once, and retained after the walk) stays under a tenth of that.
 */
export function heapVerdict(variants) {
  const held = (name) => variants[name].heldAtOnce.median;
  const retained = (name) => variants[name].retainedHeapDelta.median;
  const keptGrowth = held('collect 10k') - held('collect 1k');
  const heldGrowth = held('iterate 10k') - held('iterate 1k');
  const retainedGrowth = retained('iterate 10k') - retained('iterate 1k');
  const bytesPerPayment = keptGrowth / 9_000;
  const flat = heldGrowth <= keptGrowth / 10 && retainedGrowth <= keptGrowth / 10;
  return { bytesPerPayment, pageBytes: bytesPerPayment * PAGE_SIZE, keptGrowth, heldGrowth, retainedGrowth, flat };
}

const signedMiB = (bytes) => `${bytes < 0 ? '-' : '+'}${formatMiB(Math.abs(bytes))}`;

function report({ method, variants: v, ratios, heap }) {
  const cell = (summary, format) => (summary.rounds > 1 ? range(summary, format) : format(summary.median));
  const rows = Object.entries(v).map(([name, s]) => [
    name,
    s.pages,
    cell(s.ms, formatDuration),
    cell(s.peakHeapDelta, formatMiB),
    s.heldAtOnce ? range(s.heldAtOnce, formatMiB) : '—',
    formatMiB(s.retainedHeapDelta.median),
  ]);
  const ratio = ratios['iterate / naive (10k)'];
  return blocks(
    `${method.rounds} rounds after a warm-up round; each walk runs in a fresh \`node --expose-gc\` process that first warms up on 2,500 payments from a server without latency (so V8 is done compiling), then forces a GC, then walks. Pages of ${PAGE_SIZE}; the server waits ${LATENCY_MS} ms before every response. "+ work" consumers spin ${WORK_US} µs per payment. Heap: **sampled peak** is the highest \`heapUsed\` seen during the walk (every 5 ms and at every page boundary) above the post-GC baseline; **retained** is the same after a GC at the end; **held at once** comes from ${LIVE_RUNS} separate walks that force a GC before each page-boundary sample: the most the walk held live, above the heap once the walk is over. "collect" keeps every payment: the contrast, timed once.`,
    table(['Walk', 'Pages', 'Time: median (min–max)', 'Sampled peak heap', 'Held at once', 'Retained after'], rows),
    summaryTable(['Ratio (paired within rounds)', 'median (min–max)'], ratios, formatRatio),
    `**Target:** iteratePayments ≤ ${TARGET_RATIO}× the naive loop at 10,000 payments: ${ratioVerdict(ratio, TARGET_RATIO)}.`,
    `**Target:** heap flat from 1,000 to 10,000 payments (the iterator's held-at-once and retained heap each grow by at most a tenth of what keeping the 9,000 extra payments takes): ${signedMiB(heap.heldGrowth)} held, ${signedMiB(heap.retainedGrowth)} retained, against ${signedMiB(heap.keptGrowth)} kept by "collect" (${Math.round(heap.bytesPerPayment)} B per payment, ≈ ${formatMiB(heap.pageBytes)} per page), ${verdict(heap.flat)}.`,
  );
}

export default { id: 'pagination', title: '3. Pagination', timeoutMs: 600_000, measure, report };
