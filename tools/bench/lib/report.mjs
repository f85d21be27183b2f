// Turns a run's results into the summary table (printed by the runner) and into BENCHMARKS.md (the
// template's {{placeholders}} filled with generated sections). Every sentence about a miss is built
// from the run's own numbers, so the note changes when the numbers do.
import { mutationMarkdown } from './mutation-report.mjs';
import { cliExportMarkdown, cliExportRows } from './cli-export-report.mjs';
import { formatBytes, formatDuration, formatMiB, formatRatio, meets } from './stats.mjs';

const exactBytes = (bytes) => `${bytes.toLocaleString('en')} B`;
const range = (summary, format) => `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`;
const us = (ms) => formatDuration(ms);
const pct = (part, whole) => `${Math.round((100 * part) / whole)} %`;
const rps = (value) => `${Math.round(value).toLocaleString('en')} req/s`;
const verdict = (met) => (met ? '**met**' : '**missed**');
const plainVerdict = (met) => (met ? 'met' : 'MISSED');

/** One row per headline measure: what the runner prints and BENCHMARKS.md opens with. */
export function summaryRows({ items }) {
  const rows = [];
  const failed = (item, name) =>
    rows.push({ item, measure: name, result: items[key(item)] ? `failed: ${firstLine(items[key(item)].error)}` : 'not run', ratio: '', target: '', met: null });
  const { wire, preparation, pagination, size, docs, pipeline, sandbox, inProcess } = items;

  if (wire?.ratios) {
    const target = wireTarget(wire);
    const nodeRatio = wire.ratios['client (node:http) / node:http floor'];
    if (nodeRatio) rows.push({ item: '1 wire', measure: 'client (node:http) vs node:http floor', result: `${us(wire.msPerCall['client (node:http)'].median)} vs ${us(wire.msPerCall['node:http floor'].median)}`, ratio: range(nodeRatio, formatRatio), target: target ? `≤ ${target.ceiling}×` : '', met: target ? target.met : null });
    const floor = wire.msPerCall['fetch floor'];
    for (const variant of ['client (node:http)', 'client (fetch)', 'openapi-fetch']) {
      rows.push({ item: '1 wire', measure: `${variant} vs fetch floor`, result: `${us(wire.msPerCall[variant].median)} vs ${us(floor.median)}`, ratio: range(wire.ratios[`${variant} / fetch floor`], formatRatio), target: '', met: null });
    }
  } else failed('1 wire', 'wire overhead');

  if (preparation?.ratios) {
    const ratio = preparation.ratios['client / openapi-fetch'];
    rows.push({ item: '2 preparation', measure: 'client vs openapi-fetch (stubbed fetch)', result: `${us(preparation.msPerCall.client.median)} vs ${us(preparation.msPerCall['openapi-fetch'].median)}`, ratio: range(ratio, formatRatio), target: `≤ ${preparation.target.ratio}×`, met: meets(ratio.median, preparation.target.ratio) });
    rows.push({ item: '2 preparation', measure: 'axios vs openapi-fetch', result: us(preparation.msPerCall.axios.median), ratio: range(preparation.ratios['axios / openapi-fetch'], formatRatio), target: '', met: null });
  } else failed('2 preparation', 'request preparation');

  if (pagination?.ratios) {
    const ratio = pagination.ratios['iterate / naive (10k)'];
    const v = pagination.variants;
    rows.push({ item: '3 pagination', measure: 'iteratePayments vs naive loop, 10,000', result: `${formatDuration(v['iterate 10k'].ms.median)} vs ${formatDuration(v['naive 10k'].ms.median)}`, ratio: range(ratio, formatRatio), target: `≤ ${pagination.target.ratio}×`, met: meets(ratio.median, pagination.target.ratio) });
    const heap = pagination.heap;
    rows.push({ item: '3 pagination', measure: 'heap held at once, 1,000 → 10,000', result: `${formatMiB(v['iterate 1k'].heldAtOnce.median)} → ${formatMiB(v['iterate 10k'].heldAtOnce.median)}`, ratio: `${signedMiB(heap.heldGrowth)} vs ${signedMiB(heap.keptGrowth)} kept`, target: 'flat', met: heap.flat });
    rows.push({ item: '3 pagination', measure: 'reference: 2 pages in flight on listPayments vs naive, 10,000', result: formatDuration(v['window2 10k'].ms.median), ratio: range(pagination.ratios['window2 sketch / naive (10k)'], formatRatio), target: '', met: null });
  } else failed('3 pagination', 'pagination');

  if (size?.client) {
    const gzipped = size.client[size.primary].gzipped;
    rows.push({ item: '4 size', measure: `client main entry (${size.primary}), min+gz`, result: exactBytes(gzipped), ratio: `${formatRatio(size.ratios['client + openapi-fetch / openapi-fetch (gzipped)'])} openapi-fetch`, target: `≤ ${exactBytes(size.target.bytes)}`, met: gzipped <= size.target.bytes });
    rows.push({ item: '4 size', measure: 'openapi-fetch / axios alone, min+gz', result: `${exactBytes(size.openapiFetch.gzipped)} / ${exactBytes(size.axios.gzipped)}`, ratio: '', target: '', met: null });
  } else failed('4 size', 'size');

  if (docs?.weight) {
    if (docs.today) {
      const ratio = docs.ratios['gzipped bytes / today'];
      rows.push({ item: '5 docs', measure: "site gzipped, console and sandbox included, vs today's page", result: `${formatBytes(docs.weight.total.gzipped)} vs ${formatBytes(docs.today.weight.total.gzipped)}`, ratio: formatRatio(ratio), target: `≤ ${docs.target.weightRatio}×`, met: meets(ratio, docs.target.weightRatio) });
      rows.push({ item: '5 docs', measure: "until a reader can send vs today's time to show (List payments)", result: `${formatDuration(docs.ms.canSend.median)} vs ${formatDuration(docs.today.ms.operationShown.median)}`, ratio: range(docs.ratios['can send / today shown'], formatRatio), target: 'measured', met: null });
    } else {
      rows.push({ item: '5 docs', measure: 'site bytes, raw / gzipped', result: `${formatBytes(docs.weight.total.raw)} / ${formatBytes(docs.weight.total.gzipped)}`, ratio: '', target: '', met: null });
    }
    rows.push({ item: '5 docs', measure: `every operation shown (${docs.operations.length})`, result: range(docs.ms.allOperationsShown, formatDuration), ratio: '', target: '', met: null });
  } else failed('5 docs', 'docs');

  if (pipeline?.warm) {
    rows.push({ item: '6 pipeline', measure: 'cold turbo run build test (1 run)', result: `${formatDuration(pipeline.cold.ms)}, exit ${pipeline.cold.exitCode}`, ratio: '', target: '', met: null });
    const met = meets(pipeline.warm.ms.median, pipeline.target.ms) && pipeline.warm.fullCacheHits === pipeline.warm.runs.length;
    rows.push({ item: '6 pipeline', measure: `warm, nothing changed (${pipeline.warm.fullCacheHits}/${pipeline.warm.runs.length} full cache hits)`, result: range(pipeline.warm.ms, formatDuration), ratio: `1/${Math.round(1 / pipeline.ratios['warm / cold'].median)} of cold`, target: `≤ ${formatDuration(pipeline.target.ms)}`, met });
  } else failed('6 pipeline', 'pipeline');

  if (sandbox?.byLimit) {
    for (const [limit, measured] of Object.entries(sandbox.byLimit)) {
      const floored = Number(limit) === sandbox.floor.atLimit;
      rows.push({ item: '7 sandbox', measure: `List Payments, limit ${limit}`, result: `${range(measured.requestsPerSecond, rps)}`, ratio: '', target: floored ? `≥ ${rps(sandbox.floor.requestsPerSecond)}` : '', met: floored ? measured.requestsPerSecond.median >= sandbox.floor.requestsPerSecond : null });
      if (measured.ratioToBaseline) {
        const targeted = Number(limit) === sandbox.baselineTarget?.atLimit;
        rows.push({ item: '7 sandbox', measure: `node:http host vs main before the engine, limit ${limit}`, result: `${rps(measured.requestsPerSecond.median)} vs ${rps(measured.baseline.requestsPerSecond.median)}`, ratio: range(measured.ratioToBaseline, formatRatio), target: targeted ? `≥ ${sandbox.baselineTarget.ratio}×` : '', met: targeted ? measured.ratioToBaseline.median >= sandbox.baselineTarget.ratio : null });
      }
    }
  } else failed('7 sandbox', 'sandbox throughput');

  if (inProcess?.ratio) {
    const [local, remote] = Object.values(inProcess.callsPerSecond);
    rows.push({ item: '7 sandbox', measure: `client calls, limit ${inProcess.method.limit}: sandbox.fetch in process vs node:http over loopback`, result: `${calls(local.median)} vs ${calls(remote.median)}`, ratio: range(inProcess.ratio, formatRatio), target: `≥ ${inProcess.target.ratio}×`, met: inProcess.ratio.median >= inProcess.target.ratio });
  } else failed('7 in process', 'the sandbox in process');
  if (items.cli?.ratios) rows.push(...cliExportRows(items.cli));
  else failed('8 cli', 'CLI export');
  return rows;
}

const calls = (value) => `${Math.round(value).toLocaleString('en')} calls/s`;
const KEYS = { '1 wire': 'wire', '2 preparation': 'preparation', '3 pagination': 'pagination', '4 size': 'size', '5 docs': 'docs', '6 pipeline': 'pipeline', '7 sandbox': 'sandbox', '7 in process': 'inProcess', '8 cli': 'cli' };
const key = (item) => KEYS[item];

/** The summary as aligned plain text, for the terminal. */
export function summaryText(results) {
  const rows = summaryRows(results).map((row) => [row.item, row.measure, row.result, row.ratio, row.target, row.met === null ? '' : plainVerdict(row.met)]);
  const header = ['item', 'measure', 'result (median, min–max)', 'ratio', 'target', 'verdict'];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function summaryMarkdown(results) {
  const rows = summaryRows(results);
  return table(
    ['Item', 'Measure', 'Result: median (min–max)', 'Ratio: median (min–max)', 'Target', 'Verdict'],
    rows.map((row) => [row.item, row.measure, row.result, row.ratio, row.target, row.met === null ? '—' : verdict(row.met)]),
  );
}

function machineMarkdown({ machine, build, client, runnerMs, loadAverageAtEnd }) {
  return [
    `- **Cores:** ${machine.cores} (${machine.cpuModel}); **memory:** ${(machine.memoryBytes / 1024 ** 3).toFixed(1)} GiB`,
    `- **Node:** ${machine.node} (V8 ${machine.v8}), ${nodeOriginText(machine)}; **OS:** ${machine.os}`,
    `- **Date:** ${machine.date}`,
    `- **Load average** (1, 5, 15 min) at start ${machine.loadAverageAtStart.join(', ')}, at end ${loadAverageAtEnd?.join(', ') ?? '?'}. The machine is shared; other work running at the same time moves absolute times, which is why every comparison is a ratio paired within a round.`,
    machine.git ? `- **Code measured:** items 1–5 measure the working tree at HEAD ${machine.git.head} (${machine.git.uncommittedFiles} uncommitted files), client build \`${client?.distHash ?? '?'}\`; item 6 measures a clone of HEAD.` : '',
    `- **Run:** the workspace built by ${build?.by ?? '?'}${Number.isFinite(build?.ms) ? ` (${formatDuration(build.ms)})` : ''}; the benchmarks took ${formatDuration(runnerMs ?? 0)}.`,
  ]
    .filter(Boolean)
    .join('\n');
}

function nodeOriginText({ nodeOrigin }) {
  if (!nodeOrigin) return 'origin not recorded (a run from before the workspace pinned its Node)';
  if (nodeOrigin.isPinned) return `the workspace's pinned Node (${nodeOrigin.pinned}, from npm's node-<platform>-<arch> package in package.json); the processes it starts run on the same Node`;
  return `not the workspace's pinned Node ${nodeOrigin.pinned ?? '(none for this platform)'}: the run was started outside \`pnpm bench\``;
}

// ---- 1. Wire overhead -------------------------------------------------------------------------

const TRANSPORTS = {
  'fetch floor': 'global fetch (undici; its default keep-alive pool)',
  'node:http floor': 'node:http, `new Agent({ keepAlive: true })`',
  'openapi-fetch': 'global fetch (undici), through openapi-fetch',
  'client (node:http)': "the client's own node:http transport (keep-alive Agent), as shipped",
  'client (fetch)': 'global fetch (undici), injected as the client\'s `fetch`',
};

/** The ratio and ceiling item 1's target applies to; null for results from before the target named its ratio. */
function wireTarget(wire) {
  const ratio = wire.ratios[wire.target?.of];
  return ratio ? { ratio, ceiling: wire.target.ratio, met: meets(ratio.median, wire.target.ratio) } : null;
}

function wireMarkdown(wire, preparation) {
  if (!wire?.ratios) return failedMarkdown(wire);
  const m = wire.msPerCall;
  const floor = m['fetch floor'].median;
  const nodeFloor = m['node:http floor'].median;
  const rows = Object.keys(m).map((name) => [
    name,
    TRANSPORTS[name] ?? '',
    wire.request.headersByVariant[name].join(', '),
    range(m[name], us),
    name === 'node:http floor' ? '1' : name === 'client (node:http)' && wire.ratios['client (node:http) / node:http floor'] ? range(wire.ratios['client (node:http) / node:http floor'], formatRatio) : formatRatio(m[name].median / nodeFloor),
    name === 'fetch floor' ? '1' : wire.ratios[`${name} / fetch floor`] ? range(wire.ratios[`${name} / fetch floor`], formatRatio) : formatRatio(m[name].median / floor),
  ]);
  const target = wireTarget(wire);
  const info = ['client (node:http)', 'client (fetch)', 'openapi-fetch'].map((name) => `${name} ${range(wire.ratios[`${name} / fetch floor`], formatRatio)}`).join('; ');
  const out = [
    `${wire.method.rounds} rounds after a warm-up round, ${wire.method.timeMsPerTaskPerRound} ms per variant per round (tinybench, plus its own warm-up); a round's value is the variant's median latency per call; ratios are taken within each round, then summarised (the ratios to the node:http floor of the other rows are of medians). Every variant sent the same request target, checked on the server before timing:`,
    '',
    '```',
    `GET ${wire.request.target}`,
    '```',
    '',
    table(['Variant', 'Transport', 'Headers the server received', 'Per call: median (min–max)', 'Ratio to node:http floor', 'Ratio to fetch floor'], rows),
    '',
    target
      ? `**Target:** the client on its default transport ≤ ${target.ceiling}× the hand-written keep-alive node:http call, paired per round: ${range(target.ratio, formatRatio)}, ${verdict(target.met)}. For information, against the fetch floor: ${info}.`
      : `**Target:** this run predates the target against the node:http floor (it recorded ${wire.target?.ratio}× of ${wire.target?.of}). Against the fetch floor: ${info}.`,
  ];
  if (target && !target.met) out.push('', wireGapNote(wire, preparation));
  return out.join('\n');
}

function wireGapNote(wire, preparation) {
  const m = wire.msPerCall;
  const viaNode = m['client (node:http)'].median;
  const nodeFloor = m['node:http floor'].median;
  const allowed = nodeFloor * wire.target.ratio;
  const split = preparationSplit(preparation);
  const why = [
    `On its default transport the client takes ${us(viaNode)} per call, ${us(viaNode - nodeFloor)} above the hand-written node:http call (${us(nodeFloor)}), which builds its URL by hand, sends, collects the body and parses it.`,
    `The client does more around the same request: it validates the query${split?.validation == null ? '' : ` (${us(split.validation)} per call in item 2)`}, serialises it, arms the attempt's deadline timer and listens for aborts, reads the body to its end under the size cap, and checks the page's shape before returning it.`,
  ];
  const close = [`${wire.target.ratio}× the floor is ${us(allowed)} per call: the client must shed ${us(Math.max(0, viaNode - allowed))} (${pct(Math.max(0, viaNode - allowed), viaNode - nodeFloor)} of what it spends above the floor).`];
  return `**Why it is missed.** ${why.join(' ')}\n\n**What would close the gap.** ${close.join(' ')}`;
}

// ---- 2. Request preparation -------------------------------------------------------------------

function preparationSplit(preparation) {
  if (!preparation?.msPerCall) return null;
  const m = preparation.msPerCall;
  const bare = m['openapi-fetch'].median;
  return {
    extra: m.client.median - bare,
    validation: m['openapi-fetch + validation'] ? m['openapi-fetch + validation'].median - bare : null,
    // rawClient: openapi-fetch over the request loop (results before it measured the loop as openapi-fetch's fetch).
    transport: (m.rawClient ?? m['openapi-fetch + transport']) ? (m.rawClient ?? m['openapi-fetch + transport']).median - bare : null,
  };
}

function preparationMarkdown(preparation) {
  if (!preparation?.ratios) return failedMarkdown(preparation);
  const m = preparation.msPerCall;
  const bare = m['openapi-fetch'].median;
  const rows = Object.keys(m).map((name) => [name, range(m[name], us), name === 'openapi-fetch' ? '1' : formatRatio(m[name].median / bare)]);
  const ratio = preparation.ratios['client / openapi-fetch'];
  const target = preparation.target.ratio;
  const out = [
    `${preparation.method.rounds} rounds after a warm-up round, ${preparation.method.timeMsPerTaskPerRound} ms per variant per round; a round's value is the median latency per call. Every fetch is a stub that answers at once with the same one-payment page (a new Response each call), so only each library's own work is timed. Our client, openapi-fetch and the hand-written call sent the same URL; axios (repeated keys via \`paramsSerializer: { indexes: null }\`, its adapter calling \`getUri\` as a real adapter would) encodes \`:\`, \`,\` and spaces its own way:`,
    '',
    '```',
    `axios: ${preparation.urls.axios}`,
    '```',
    '',
    table(['Variant', 'Per call: median (min–max)', 'Ratio to openapi-fetch (of medians)'], rows),
    '',
    `The "openapi-fetch + validation" row is bare openapi-fetch plus the client's query validation, and the "rawClient" row openapi-fetch over the client's request loop (\`@merchant-ordering/client/raw\`): they split the client's cost, though the client's own methods do not go through openapi-fetch (they serialise the query and read the answer's text themselves), so the parts do not add up to the client. Paired ratios: client / openapi-fetch ${range(ratio, formatRatio)}; axios / openapi-fetch ${range(preparation.ratios['axios / openapi-fetch'], formatRatio)}.`,
    '',
    `**Target:** our client ≤ ${target}× bare openapi-fetch: ${range(ratio, formatRatio)}, ${verdict(meets(ratio.median, target))}.`,
  ];
  const split = preparationSplit(preparation);
  const parts = [];
  if (split.validation !== null) parts.push(`the query validation ${us(split.validation)} (${pct(split.validation, split.extra)})`);
  if (split.transport !== null) parts.push(`the request loop ${us(split.transport)} as rawClient pays it (a Request per attempt on the attempt's signal, the deadline timer, the body read whole under the size cap, a Response handed back to openapi-fetch)`);
  const where = `**Where the time goes.** The client spends ${us(split.extra)} per call more than openapi-fetch${parts.length ? `: ${parts.join('; ')}` : ''}. The client's methods go through the same loop without openapi-fetch around it: no second Request, no Response for openapi-fetch to read.`;
  if (meets(ratio.median, target)) out.push('', where);
  else {
    const allowance = bare * (target - 1);
    out.push('', where, '', `**What would close the gap.** ${target}× allows ${us(allowance)} per call on top of openapi-fetch; the client needs ${us(split.extra)}, so it must shed ${us(split.extra - allowance)}.`);
  }
  return out.join('\n');
}

// ---- 3. Pagination ----------------------------------------------------------------------------

function paginationMarkdown(pagination) {
  if (!pagination?.ratios) return failedMarkdown(pagination);
  const v = pagination.variants;
  const method = pagination.method;
  const rows = Object.entries(v).map(([name, variant]) => [
    name,
    String(variant.pages ?? ''),
    variant.ms.rounds > 1 ? range(variant.ms, formatDuration) : formatDuration(variant.ms.median),
    variant.peakHeapDelta.rounds > 1 ? range(variant.peakHeapDelta, formatMiB) : formatMiB(variant.peakHeapDelta.median),
    variant.heldAtOnce === undefined ? '—' : range(variant.heldAtOnce, formatMiB),
    formatMiB(variant.retainedHeapDelta.median),
  ]);
  const ratios = Object.entries(pagination.ratios).map(([name, ratio]) => [name, range(ratio, formatRatio)]);
  const ratio = pagination.ratios['iterate / naive (10k)'];
  const target = pagination.target.ratio;
  const heap = pagination.heap;
  const out = [
    `${method.rounds} rounds after a warm-up round; each walk runs in a fresh \`node --expose-gc\` process that first warms up on ${method.warmupPayments.toLocaleString('en')} payments from a server without latency (so V8 is done compiling), then forces a GC, then walks. Pages of ${method.pageSize}; the server waits ${method.latencyMs} ms before every response. "+ work" consumers spin ${method.workUsPerPayment} µs per payment (${formatDuration((method.workUsPerPayment * method.pageSize) / 1000)} per page, the server's latency). Heap: **sampled peak** is the highest \`process.memoryUsage().heapUsed\` seen during the walk (every ${method.heapSampleEveryMs} ms and at every page boundary) above the post-GC baseline; **retained** is the same after a GC at the end; **held at once** comes from ${method.liveRuns} separate walks that force a GC before each page-boundary sample: the most the walk held live, above the heap once the walk is over. "collect" keeps every payment: the contrast, timed once.`,
    '',
    table(['Walk', 'Pages', 'Time: median (min–max)', 'Sampled peak heap', 'Held at once', 'Retained after'], rows),
    '',
    table(['Ratio (paired within rounds)', 'median (min–max)'], ratios),
    '',
    `**Target:** iteratePayments ≤ ${target}× the naive loop at 10,000 payments: ${range(ratio, formatRatio)}, ${verdict(meets(ratio.median, target))}.`,
    '',
    `**Heap flat from 1,000 to 10,000:** ${verdict(heap.flat)} (rule: ${heap.rule}). The iterator holds ${formatMiB(v['iterate 1k'].heldAtOnce.median)} at once at 1,000 and ${formatMiB(v['iterate 10k'].heldAtOnce.median)} at 10,000 (${signedMiB(heap.heldGrowth)}, about ${(heap.heldGrowth / heap.pageBytes).toFixed(1)} pages), where keeping the 9,000 extra payments takes ${signedMiB(heap.keptGrowth)} ("collect": ${Math.round(heap.bytesPerPayment)} B per payment, ≈ ${formatMiB(heap.pageBytes)} per page of ${method.pageSize}). After the walk, ${formatMiB(v['iterate 10k'].retainedHeapDelta.median)} is retained at 10,000, against ${formatMiB(v['collect 10k'].retainedHeapDelta.median)} for "collect" (a small negative number means the baseline held a little that a later GC freed). The sampled peak grows from ${formatMiB(v['iterate 1k'].peakHeapDelta.median)} to ${formatMiB(v['iterate 10k'].peakHeapDelta.median)}, the naive loop's from ${formatMiB(v['naive 1k'].peakHeapDelta.median)} to ${formatMiB(v['naive 10k'].peakHeapDelta.median)}${heap.flat ? ': parsed pages V8 has not collected yet (promoted, waiting for a major GC), not payments held, as the held-at-once and retained columns show' : ''}.`,
  ];
  if (!meets(ratio.median, target)) out.push('', paginationGapNote(pagination));
  return out.join('\n');
}

/** A change in MiB with its sign: +0.13 MiB, -0.07 MiB. */
const signedMiB = (bytes) => `${bytes < 0 ? '-' : '+'}${formatMiB(Math.abs(bytes))}`;

function paginationGapNote(pagination) {
  const v = pagination.variants;
  const r = pagination.ratios;
  const { latencyMs } = pagination.method;
  const pages = v['naive 10k'].pages;
  const naive = v['naive 10k'].ms.median;
  const latencyFloor = pages * latencyMs;
  const work = r['iterate / naive (10k, consumer works)'].median;
  const yielding = r['iterate / naive (10k, consumer works and yields per page)'].median;
  const window2 = r['window2 sketch / naive (10k)'].median;
  const why = [
    `With a consumer that does nothing per payment, a one-page prefetch has nothing to overlap: the next request starts when a page arrives, just as in the naive loop, so both make ${pages} round trips one after the other. ${pages} × ${latencyMs} ms of server latency is ${formatDuration(latencyFloor)}, already ${pct(latencyFloor, naive)} of the naive loop's ${formatDuration(naive)}; ${pagination.target.ratio}× of that loop is ${formatDuration(naive * pagination.target.ratio)}, ${naive * pagination.target.ratio < latencyFloor ? `less than the ${formatDuration(latencyFloor)} that ${pages} requests made one after the other spend waiting on the server alone` : `which leaves ${formatDuration(naive * pagination.target.ratio - latencyFloor)} for everything but the server's latency`}. Measured: ${formatRatio(r['iterate / naive (10k)'].median)}.`,
    `A prefetch pays off only while the consumer works, and even then it does not here: with ${formatDuration((pagination.method.workUsPerPayment * pagination.method.pageSize) / 1000)} of work per page the iterator is still ${formatRatio(work)} the naive loop.`,
    `The prefetched request is created before the page's first payment is yielded, but it is not written to the socket until the consumer gives the event loop a turn (node:http attaches a kept-alive socket to a request in a process.nextTick callback, and a \`for await\` loop over payments that are already there runs as one chain of microtasks). A consumer that awaits one \`setImmediate\` at the start of each page gets ${formatRatio(yielding)}.`,
  ];
  const close = [
    `Two pages in flight reach ${formatRatio(window2)} even with a consumer that does nothing (the sketch starts both requests while it waits, once the first page has told the total): a prefetch depth of 2 or more, or concurrency bounded by the page count from \`totalResults\`, meets ${pagination.target.ratio}×.`,
    `For consumers that do work, the iterator should give the event loop one turn after starting the next page's request (or start it on a transport that writes at once), so the prefetch overlaps with that work as the "yields" row shows.`,
  ];
  return `**Why it is missed.** ${why.join(' ')}\n\n**What would close the gap.** ${close.join(' ')}`;
}

// ---- 4. Size ----------------------------------------------------------------------------------

function sizeMarkdown(size) {
  if (!size?.client) return failedMarkdown(size);
  // browser and node are the main entry as an application bundles it; any other entry is reported as the script names it.
  const label = (name) => (['browser', 'node'].includes(name) ? `client main entry, ${name} (\`measureSize().${name}\`)` : `client, \`measureSize().${name}\``);
  const budget = (name) => (Number.isFinite(size.budgets?.[name]) ? exactBytes(size.budgets[name]) : '');
  const rows = [
    ...Object.entries(size.client).map(([name, s]) => [
      label(name),
      exactBytes(s.minified),
      exactBytes(s.gzipped),
      budget(name),
      ['browser', 'node'].includes(name) ? formatRatio(s.gzipped / size.openapiFetch.gzipped) : '',
    ]),
    ['openapi-fetch alone (`import createClient from "openapi-fetch"`)', exactBytes(size.openapiFetch.minified), exactBytes(size.openapiFetch.gzipped), '', '1'],
    ['axios alone (`import axios from "axios"`)', exactBytes(size.axios.minified), exactBytes(size.axios.gzipped), '', formatRatio(size.axios.gzipped / size.openapiFetch.gzipped)],
  ];
  const gzipped = size.client[size.primary].gzipped;
  const met = gzipped <= size.target.bytes;
  const out = [
    `The client's numbers are whatever \`measureSize()\` in packages/client/scripts/size.mjs returns (the client's own size script, reused as is: esbuild, ESM, es2022, minified, gzip level 9; \`browser\` and \`node\` are every export of the main entry bundled with what it imports (nothing of openapi-fetch since the client serialises queries itself), for browsers with \`#node-transport\` resolved to its stub, for Node with the node:http transport). openapi-fetch and axios are bundled here the same way for the browser platform, each from its default export as an application imports it. Client build measured: \`${size.clientDistHash}\`.`,
    '',
    table(['Bundle', 'Minified', 'Min + gzip', "Budget in the client's size script", 'Ratio to openapi-fetch (gzipped)'], rows),
    '',
    `**Target:** the client's main entry ≤ ${exactBytes(size.target.bytes)} min+gz, as the client's size script defines it (the earlier 6 kB target was withdrawn); ${size.primary}: ${exactBytes(gzipped)}, ${verdict(met)}.`,
  ];
  if (!met) {
    const own = gzipped - size.openapiFetch.gzipped;
    const room = size.target.bytes - size.openapiFetch.gzipped;
    out.push(
      '',
      `**Why it is missed.** openapi-fetch itself takes ${exactBytes(size.openapiFetch.gzipped)} of the budget; the client's own code adds ${exactBytes(own)} on top, ${exactBytes(gzipped - size.target.bytes)} more than the ${exactBytes(room)} the target leaves it.`,
      '',
      `**What would close the gap.** The client's own code in the main entry must shrink from ${exactBytes(own)} to ${exactBytes(room)} gzipped (by ${pct(gzipped - size.target.bytes, own)}), by writing it smaller or by moving what not every caller needs to entry points of its own.`,
    );
  }
  return out.join('\n');
}

// ---- 5. Docs ----------------------------------------------------------------------------------

function docsMarkdown(docs) {
  if (!docs?.weight) return failedMarkdown(docs);
  const today = docs.today;
  const sizeOf = (weight, file) => weight?.files.find((f) => f.file === file);
  const names = [...new Set([...docs.weight.files.map((f) => f.file), ...(today?.weight.files.map((f) => f.file) ?? [])])];
  const cell = (entry) => (entry ? `${formatBytes(entry.raw)} / ${formatBytes(entry.gzipped)}` : '—');
  const files = names.map((file) => [file, cell(sizeOf(docs.weight, file)), cell(sizeOf(today?.weight, file))]);
  files.push(['**total**', `**${cell(docs.weight.total)}**`, `**${cell(today?.weight.total)}**`]);
  const timing = (label, key) => [label, range(docs.ms[key], formatDuration), today ? range(today.ms[key], formatDuration) : '—'];
  const times = [
    timing('DOMContentLoaded', 'domContentLoaded'),
    timing('load', 'load'),
    timing('every tag listed in the sidebar', 'tagsListed'),
    timing(`every operation shown (${docs.operations.length})`, 'allOperationsShown'),
    timing('List payments shown, by a deep link', 'operationShown'),
    ['a reader can send (Try it, then Send enabled), by the same deep link', range(docs.ms.canSend, formatDuration), 'no console'],
  ];
  const ratios = today
    ? [
        `- **Weight:** ${formatBytes(docs.weight.total.gzipped)} gzipped against ${formatBytes(today.weight.total.gzipped)} for today's page (main at ${today.commit.slice(0, 10)}, before the console): ${formatRatio(docs.ratios['gzipped bytes / today'])}, target ≤ ${docs.target.weightRatio}× ${verdict(meets(docs.ratios['gzipped bytes / today'], docs.target.weightRatio))}.`,
        `- **Until a reader can send,** against today's time to show the same operation: ${range(docs.ratios['can send / today shown'], formatRatio)}, paired within each round. The operation itself shows at ${range(docs.ratios['shown / today shown'], formatRatio)} of today's time.`,
      ].join('\n')
    : '';
  return [
    `Bytes: every file of each site, raw / gzipped (level 9). Render: each site served by tools/static-server.mjs under ${docs.method.subPath} on 127.0.0.1 to Chromium ${docs.method.chromium} (playwright-core, headless, the flags of toolchain.md §6, so no host name but 127.0.0.1 resolves). ${docs.method.rounds} rounds after a warm-up round, the two sites alternating within each round, each visit in a fresh browser context (empty cache). Times are the page's own clock, from navigation start. Redoc 3 collapses each tag and keeps one open at a time, so each operation (${docs.operations.join('; ')}) is opened as a reader would: its tag in the sidebar when the operation is not listed, then the operation, then its heading is waited for. The deep link (${docs.method.deepLink}) is timed until the heading and its \`limit\` parameter are on screen, then, on our site, until Try it has been clicked and Send is enabled (the sandbox in the page running). Chromium launch, not counted: ${formatDuration(docs.launchMs)}. Requests that tried to leave 127.0.0.1: ${docs.requestsLeavingLocalhost}.`,
    '',
    ratios,
    '',
    table(['File', 'Ours: raw / gzipped', "Today's page: raw / gzipped"], files),
    '',
    table(['From navigation start to', 'Ours: median (min–max)', "Today's page: median (min–max)"], times),
  ].join('\n');
}

// ---- 6. Pipeline ------------------------------------------------------------------------------

function pipelineMarkdown(pipeline) {
  if (!pipeline?.warm) return failedMarkdown(pipeline);
  const cold = pipeline.cold;
  const met = meets(pipeline.warm.ms.median, pipeline.target.ms) && pipeline.warm.fullCacheHits === pipeline.warm.runs.length;
  const rows = [
    ['`pnpm install --frozen-lockfile --prefer-offline` (warm store)', formatDuration(pipeline.installMs), ''],
    ['cold (1 run)', formatDuration(cold.ms), `exit ${cold.exitCode}; ${cold.successful ?? '?'} of ${cold.total ?? '?'} tasks succeeded, ${cold.cached ?? '?'} cached`],
    [`warm (${pipeline.warm.runs.length} runs)`, range(pipeline.warm.ms, formatDuration), `${pipeline.warm.fullCacheHits} of ${pipeline.warm.runs.length} full cache hits; turbo's own times ${pipeline.warm.runs.map((run) => run.turboTime).join(', ')}`],
  ];
  const out = [
    `\`git clone\` of ${pipeline.method.commit} (HEAD; uncommitted work is not in a clone) into a temporary folder, \`pnpm install --frozen-lockfile --prefer-offline\` from the warm store, then \`${pipeline.method.command}\` from the clone's node_modules/.bin: once cold (empty turbo cache; it builds everything and runs every test suite, Prism and Chromium included, so it runs once), then ${pipeline.method.warmRounds} times with nothing changed after one warm-up run. Wall time from spawn to exit. The clone is deleted afterwards.`,
    '',
    table(['Run', 'Wall time: median (min–max)', 'Detail'], rows),
    '',
    `**Target:** warm ≤ ${formatDuration(pipeline.target.ms)}, a full cache hit: ${range(pipeline.warm.ms, formatDuration)} (1/${Math.round(1 / pipeline.ratios['warm / cold'].median)} of the cold run), ${verdict(met)}.`,
  ];
  if (cold.exitCode !== 0) out.push('', `The cold run failed, so the warm runs cannot all be cache hits. Its last lines:`, '', '```', cold.tail ?? '', '```');
  else if (!met) out.push('', `**Why it is missed.** ${pipeline.warm.fullCacheHits < pipeline.warm.runs.length ? `Only ${pipeline.warm.fullCacheHits} of ${pipeline.warm.runs.length} warm runs were full cache hits (cached per run: ${pipeline.warm.runs.map((run) => `${run.cached ?? '?'}/${run.total ?? '?'}`).join(', ')}): some task's hash changes with nothing edited, so it runs again. \`turbo run build test --dry=json\` twice on a clone shows which task and which input.` : `Every warm run is a full cache hit, but it still takes ${formatDuration(pipeline.warm.ms.median)} (turbo's own times ${pipeline.warm.runs.map((run) => run.turboTime).join(', ')}; the rest is process start): hashing the inputs and restoring the outputs of ${pipeline.cold.total ?? '?'} tasks.`}`);
  return out.join('\n');
}

// ---- Template ---------------------------------------------------------------------------------

/** Fills the template's {{placeholders}}; an unknown placeholder is an error, not silent text. */
// ---- 7. Sandbox throughput ----------------------------------------------------------------------

function sandboxMarkdown(sandbox) {
  if (!sandbox?.byLimit) return failedMarkdown(sandbox);
  const m = sandbox.method;
  const rows = Object.entries(sandbox.byLimit).map(([limit, measured]) => [
    limit,
    range(measured.requestsPerSecond, rps),
    range(measured.latencyMs.p50, (ms) => `${ms} ms`),
    range(measured.latencyMs.p99, (ms) => `${ms} ms`),
    formatBytes(measured.bytesPerResponse),
    measured.requests.toLocaleString('en'),
    measured.cpuMsPerRequest ? `${range(measured.cpuMsPerRequest, (ms) => `${Math.round(ms * 1000)} µs`)} (${rps(1000 / measured.cpuMsPerRequest.median)} per core)` : '—',
  ]);
  const floor = sandbox.byLimit[sandbox.floor.atLimit];
  const met = floor ? floor.requestsPerSecond.median >= sandbox.floor.requestsPerSecond : false;
  const baselineRows = Object.entries(sandbox.byLimit)
    .filter(([, measured]) => measured.ratioToBaseline)
    .map(([limit, measured]) => [
      limit,
      range(measured.requestsPerSecond, rps),
      range(measured.baseline.requestsPerSecond, rps),
      range(measured.ratioToBaseline, formatRatio),
      `${Math.round(measured.cpuMsPerRequest.median * 1000)} µs vs ${Math.round(measured.baseline.cpuMsPerRequest.median * 1000)} µs`,
    ]);
  const targeted = sandbox.baselineTarget && sandbox.byLimit[sandbox.baselineTarget.atLimit]?.ratioToBaseline;
  const baseline = baselineRows.length
    ? [
        '',
        `**Against main before the engine.** The same load, in the same rounds, on main's sandbox at ${m.baseline?.slice(0, 7) ?? '?'} (its sources from git, transpiled file by file with esbuild into a temporary folder, in a process of its own), one sandbox after the other in turns; the ratio is taken round by round.`,
        '',
        table(['limit', 'This build: req/s', 'main before the engine: req/s', 'Ratio: median (min–max)', 'CPU per request'], baselineRows),
        '',
        targeted ? `**Target:** ≥ ${sandbox.baselineTarget.ratio}× main at limit ${sandbox.baselineTarget.atLimit}: ${range(targeted, formatRatio)}, ${verdict(targeted.median >= sandbox.baselineTarget.ratio)}.` : '',
      ]
    : [];
  return [
    `${m.tool}, ${m.connections} connections, ${m.rounds} rounds of ${m.secondsPerRound} s after a 1 s warm-up per limit; a round's value is its mean requests per second. Every response was 2xx (a run with any other answer, error or timeout fails the item).`,
    '',
    table(['limit', 'Requests/s: median (min–max)', 'Latency p50', 'Latency p99', 'Bytes per response', 'Requests', 'Sandbox CPU per request'], rows),
    '',
    `**Floor:** ≥ ${rps(sandbox.floor.requestsPerSecond)} at limit ${sandbox.floor.atLimit}: ${floor ? range(floor.requestsPerSecond, rps) : 'not measured'}, ${verdict(met)}.${floor?.cpuMsPerRequest ? ` The sandbox spent ${Math.round(floor.cpuMsPerRequest.median * 1000)} µs of CPU per request, so one core free for it alone would serve about ${rps(1000 / floor.cpuMsPerRequest.median)}; the wall-clock rate also carries the load tool and whatever else the machine runs (see the load average under Machine).` : ''}`,
    ...baseline,
  ].join('\n');
}

function inProcessMarkdown(inProcess) {
  if (!inProcess?.ratio) return failedMarkdown(inProcess);
  const m = inProcess.method;
  const rows = Object.entries(inProcess.callsPerSecond).map(([name, measured]) => [name, range(measured, calls), `${(1e6 / measured.median).toFixed(0)} µs`]);
  return [
    `The client (the frozen build of this run) calls List Payments at limit ${m.limit}, one call at a time as a test awaits them, for ${formatDuration(m.msPerVariant)} per variant per round, the variants in turns; ${m.rounds} rounds after a warm-up round. "In process" is \`createClient({ fetch: sandbox.fetch })\` on \`createSandbox()\` in the same process; "node:http" is the client on its default transport against the node:http sandbox in a process of its own, over loopback. Both sandboxes hold the same ${m.payments.toLocaleString('en')} payments, and both answered the same page before timing.`,
    '',
    table(['Variant', 'Calls/s: median (min–max)', 'Per call (median)'], rows),
    '',
    `**Target:** in process ≥ ${inProcess.target.ratio}× node:http: ${range(inProcess.ratio, formatRatio)}, ${verdict(inProcess.ratio.median >= inProcess.target.ratio)}.`,
    ...(inProcess.ratio.median >= inProcess.target.ratio || !inProcess.floorRatio ? [] : ['', inProcessGapNote(inProcess)]),
  ].join('\n');
}

function inProcessGapNote(inProcess) {
  const [local, remote, floor] = Object.values(inProcess.callsPerSecond).map((measured) => 1e6 / measured.median);
  const ceiling = remote / floor;
  return `**Why it is missed.** Each call costs the client itself ${floor.toFixed(0)} µs with a fetch that hands the page back at once (the floor: building the request, reading the ${inProcess.method.limit}-payment page and parsing its JSON), the same in every variant. In process adds ${(local - floor).toFixed(0)} µs for the sandbox (a call takes ${local.toFixed(0)} µs, ${range(inProcess.floorRatio, formatRatio)} the floor's rate); over loopback a call takes ${remote.toFixed(0)} µs. Even a sandbox that cost nothing would be ${formatRatio(ceiling)} node:http here, so the goal is bounded by the client's own work per call, not by the sandbox. **What would close the gap:** a cheaper client per page (its JSON parse and body read), which this issue leaves untouched, or a smaller page: the ratio grows as the page shrinks.`;
}

export function renderReport(template, results) {
  const { items } = results;
  // Rendered on demand: a template only pays for (and only needs results for) what it uses.
  const sections = {
    generated: () => `Generated by \`pnpm bench\` on ${results.machine.date}; raw numbers in tools/bench/results/latest.json.`,
    machine: () => machineMarkdown(results),
    summary: () => summaryMarkdown(results),
    wire: () => wireMarkdown(items.wire, items.preparation),
    preparation: () => preparationMarkdown(items.preparation),
    pagination: () => paginationMarkdown(items.pagination),
    size: () => sizeMarkdown(items.size),
    docs: () => docsMarkdown(items.docs),
    pipeline: () => pipelineMarkdown(items.pipeline),
    sandbox: () => sandboxMarkdown(items.sandbox),
    inProcess: () => inProcessMarkdown(items.inProcess),
    // From each package's mutation-record.json (`pnpm test:mutation`), not from this run.
    mutation: () => mutationMarkdown(results.mutation, table),
    cli: () => (items.cli?.ratios ? cliExportMarkdown(items.cli) : failedMarkdown(items.cli)),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in sections)) throw new Error(`BENCHMARKS template: unknown placeholder {{${name}}}`);
    return sections[name]();
  });
}

function failedMarkdown(item) {
  return `This item failed in this run, so it has no numbers:\n\n\`\`\`\n${item?.error ?? 'no result'}\n\`\`\``;
}

function firstLine(text) {
  return String(text ?? 'no result').split('\n')[0];
}

/** A Markdown table; `|` in cells is escaped. */
export function table(header, rows) {
  const cell = (value) => String(value).replace(/\|/g, '\\|');
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
}
