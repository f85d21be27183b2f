// One measured walk for item 3 (pagination), in a fresh process started with --expose-gc, so its heap
// holds nothing but this walk. Sends { ms, count, pages, peakHeapDelta, retainedHeapDelta, heldAtOnce } to the parent.
//
//   node --expose-gc pagination-consumer.mjs --mode MODE --url URL --warmup-url URL [--work-us N] [--live]
//
// Warm-up first, on a server without latency: a 2,500-payment walk each way. Fewer leaves V8 still
// compiling during the measured walk, and the code it adds (~0.5 MiB) would read as retained heap.
//
// Heap: a forced GC, then heapUsed is sampled every 5 ms and at every page boundary; the peak and the
// retained heap (after a GC at the end) are deltas from that post-GC baseline. With --live the
// sampler is off and a GC runs before each page-boundary sample instead: `heldAtOnce` is the most
// the walk held live at a boundary, above the heap left once the walk is over (not garbage V8 has
// simply not collected yet).
//
// The consumer keeps no payment, except in `collect` (the contrast: a consumer that keeps them all).
// With --work-us it spins that long per payment (a consumer that does something). window2 is a
// reference built here on listPayments: two pages in flight started by the consumer itself, the
// same depth as the client's iterator, to show what the iterator's own bookkeeping costs. iterate-yielding is the client's iterator with a consumer that
// gives the event loop one turn at the start of each page, so the prefetched request goes out.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { CREDENTIALS } from './lib/fixtures.mjs';
import { clientEntry } from './lib/paths.mjs';
import { runAsScript } from './lib/processes.mjs';

export const PAGE_SIZE = 250;

async function main() {
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
  const { values } = parseArgs({
    options: {
      mode: { type: 'string' },
      url: { type: 'string' },
      'warmup-url': { type: 'string' },
      'work-us': { type: 'string', default: '0' },
      live: { type: 'boolean', default: false },
    },
  });
  const workMs = Number(values['work-us']) / 1000;
  const { createClient } = await import(pathToFileURL(clientEntry).href);
  const client = createClient({ ...CREDENTIALS, baseUrl: values.url });
  const walk = WALKS[values.mode];
  if (!walk) throw new Error(`unknown mode ${values.mode}`);

  const warmup = createClient({ ...CREDENTIALS, baseUrl: values['warmup-url'] });
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
    if (used > peak) peak = used;
    return used;
  };
  const sampler = values.live ? undefined : setInterval(sample, 5);

  let count = 0;
  const kept = [];
  const consume = (payment) => {
    count++;
    if (values.mode === 'collect') kept.push(payment);
    if (workMs > 0) spin(workMs);
    if (count % PAGE_SIZE === 0) {
      if (!values.live) sample();
      else {
        globalThis.gc();
        liveSamples.push(sample());
      }
    }
  };
  const started = performance.now();
  const pages = await walk(client, consume);
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();
  globalThis.gc();
  const retainedHeapDelta = process.memoryUsage().heapUsed - baseline; // `kept` is still alive here
  const keptCount = kept.length;
  kept.length = 0;
  globalThis.gc();
  // The walk's own floor: everything it held is garbage now. Measuring from here, not from the
  // baseline, keeps the few hundred kB the baseline drifts by out of a number about pages.
  const floor = process.memoryUsage().heapUsed;
  const heldAtOnce = values.live ? Math.max(0, ...liveSamples.map((used) => used - floor)) : undefined;
  return { ms, count, kept: keptCount, pages, peakHeapDelta: peak - baseline, retainedHeapDelta, heldAtOnce };
}

const WALKS = {
  /** The client's iterator: two pages in flight while the current one is consumed. */
  async iterate(client, consume) {
    let count = 0;
    for await (const payment of client.iteratePayments({ limit: PAGE_SIZE })) {
      count++;
      consume(payment);
    }
    return Math.ceil(count / PAGE_SIZE); // the iterator does not tell its page count; every page is full
  },
  /** The client's iterator, with a consumer that gives the event loop a turn as each page starts. */
  async 'iterate-yielding'(client, consume) {
    let count = 0;
    for await (const payment of client.iteratePayments({ limit: PAGE_SIZE })) {
      if (count++ % PAGE_SIZE === 0) await new Promise(setImmediate);
      consume(payment);
    }
    return Math.ceil(count / PAGE_SIZE);
  },
  /** The contrast for the heap: the same iterator, but the consumer keeps every payment. */
  async collect(client, consume) {
    return WALKS.iterate(client, consume);
  },
  /** What a caller writes without the iterator: one listPayments after the other. */
  async naive(client, consume) {
    let pages = 0;
    for (let offset = 0; ; ) {
      const page = await client.listPayments({ limit: PAGE_SIZE, offset });
      pages++;
      for (const payment of page.results) consume(payment);
      offset += page.results.length;
      if (!page.results.length || offset >= page.totalResults) return pages;
    }
  },
  /** Two pages in flight once the first page has told the total, built on listPayments: the reference. */
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

function spin(ms) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

await runAsScript(import.meta.url, main);
