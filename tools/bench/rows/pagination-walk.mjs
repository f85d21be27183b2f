// One measured walk of the pagination row, in a fresh `node --expose-gc` process so its heap holds nothing but this walk;
// sends { ms, count, pages, peakHeapDelta, retainedHeapDelta, heldAtOnce }.
//   node --expose-gc pagination-walk.mjs '{"mode":…,"url":…,"warmupUrl":…,"workUs":…,"live":…,"pageSize":…}'
// A 2,500-payment warm-up walk each way first: fewer leaves V8 compiling during the measured walk, and the code it adds (~0.5 MiB) would read as retained
// heap. With `live` the 5 ms sampler is off and a GC runs before each page-boundary sample instead: `heldAtOnce` is what the walk held live.
import { CREDENTIALS } from '../lib/fixtures.mjs';
import { answerParent } from '../lib/processes.mjs';
import { clientEntry } from '../lib/workspace.mjs';

const { pageSize: PAGE_SIZE, ...options } = JSON.parse(process.argv[2]);

async function main() {
  const { mode, url, warmupUrl, workUs, live } = options;
  const workMs = workUs / 1000;
  const { createClient } = await import(clientEntry);
  const client = createClient({ ...CREDENTIALS, baseUrl: url });
  const walk = WALKS[mode];
  const warmup = createClient({ ...CREDENTIALS, baseUrl: warmupUrl });
  await WALKS.iterate(warmup, () => {});
  await WALKS.naive(warmup, () => {});
  // Two keep-alive sockets to the measured server, as window2 uses both.
  await Promise.all([client.listPayments({ limit: PAGE_SIZE }), client.listPayments({ limit: PAGE_SIZE, offset: PAGE_SIZE })]);
  globalThis.gc();
  globalThis.gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const liveSamples = [];
  const sample = () => {
    const used = process.memoryUsage().heapUsed;
    peak = Math.max(peak, used);
    return used;
  };
  const sampler = live ? undefined : setInterval(sample, 5);
  let count = 0;
  const kept = [];
  const consume = (payment) => {
    count++;
    if (mode === 'collect') kept.push(payment);
    if (workMs > 0) for (const until = performance.now() + workMs; performance.now() < until; ); // the consumer's work
    if (count % PAGE_SIZE === 0) {
      if (live) globalThis.gc();
      liveSamples.push(sample());
    }
  };
  const started = performance.now();
  const pages = await walk(client, consume);
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();
  globalThis.gc();
  const retainedHeapDelta = process.memoryUsage().heapUsed - baseline; // `kept` is still alive here
  kept.length = 0;
  globalThis.gc();
  // Measured from the walk's own floor, not the baseline: the baseline drifts by a few hundred kB.
  const floor = process.memoryUsage().heapUsed;
  const heldAtOnce = live ? Math.max(0, ...liveSamples.map((used) => used - floor)) : undefined;
  return { ms, count, pages, peakHeapDelta: peak - baseline, retainedHeapDelta, heldAtOnce };
}

const WALKS = {
  /** The client's iterator (two pages in flight); every page is full, so pages = count / size. */
  async iterate(client, consume) {
    let count = 0;
    for await (const payment of client.iteratePayments({ limit: PAGE_SIZE })) consume(payment, count++);
    return Math.ceil(count / PAGE_SIZE);
  },
  /** The iterator with a consumer that gives the event loop a turn as each page starts, so the prefetch goes out. */
  async 'iterate-yielding'(client, consume) {
    let count = 0;
    for await (const payment of client.iteratePayments({ limit: PAGE_SIZE })) {
      if (count++ % PAGE_SIZE === 0) await new Promise(setImmediate);
      consume(payment);
    }
    return Math.ceil(count / PAGE_SIZE);
  },
  collect: (client, consume) => WALKS.iterate(client, consume),
  /** What a caller writes without the iterator: one listPayments after the other. */
  async naive(client, consume) {
    for (let offset = 0, pages = 1; ; pages++) {
      const page = await client.listPayments({ limit: PAGE_SIZE, offset });
      for (const payment of page.results) consume(payment);
      offset += page.results.length;
      if (!page.results.length || offset >= page.totalResults) return pages;
    }
  },
  /** The reference: two pages in flight on listPayments, once the first page has told the total. */
  async window2(client, consume) {
    const first = await client.listPayments({ limit: PAGE_SIZE });
    const offsets = [];
    for (let offset = first.results.length; offset < first.totalResults; offset += PAGE_SIZE) offsets.push(offset);
    const inFlight = offsets.slice(0, 2).map((offset) => client.listPayments({ limit: PAGE_SIZE, offset }));
    for (const payment of first.results) consume(payment);
    for (let index = 0; index < offsets.length; index++) {
      const page = await inFlight[index];
      if (index + 2 < offsets.length) inFlight.push(client.listPayments({ limit: PAGE_SIZE, offset: offsets[index + 2] }));
      inFlight[index] = null; // drop the page once consumed, as the iterator does
      for (const payment of page.results) consume(payment);
    }
    return offsets.length + 1;
  },
};

await answerParent(main);
