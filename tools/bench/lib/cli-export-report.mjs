// Item 8 (CLI export) in the summary table and in BENCHMARKS.md, from its result in latest.json.
import { formatDuration, formatRatio } from './stats.mjs';

const CLI = 'cli export';
const SCRIPT = 'plain script';
const WALK = 'plain walk, no output';
const range = (summary, format) => `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`;
const rate = (value) => `${Math.round(value).toLocaleString('en')}/s`;
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const signedMb = (bytes) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
const verdict = (met) => (met ? '**met**' : '**missed**');

export const rateMet = (item) => item.ratios[`${CLI} / ${SCRIPT}`].median >= item.target.ratio;
export const memoryMet = (item) => item.rss[CLI] !== undefined && item.rss[CLI].growth.median <= item.target.rssGrowthBytes;

/** The summary's rows for item 8 (a result with numbers; report.mjs handles one that failed). */
export function cliExportRows(item) {
  const v = item.variants;
  const rows = [
    {
      item: '8 cli',
      measure: `payments export vs iteratePayments script, ${item.method.payments.toLocaleString('en')} payments`,
      result: `${rate(v[CLI].paymentsPerSecond.median)} vs ${rate(v[SCRIPT].paymentsPerSecond.median)}`,
      ratio: range(item.ratios[`${CLI} / ${SCRIPT}`], formatRatio),
      target: `≥ ${item.target.ratio}×`,
      met: rateMet(item),
    },
  ];
  const rss = item.rss[CLI];
  rows.push({
    item: '8 cli',
    measure: 'CLI process RSS, 10,000 → 100,000 payments',
    result: rss ? `${mb(rss.at10k.median)} → ${mb(rss.at100k.median)}` : 'not measured (no /proc)',
    ratio: rss ? range(rss.growth, signedMb) : '',
    target: `≤ ${mb(item.target.rssGrowthBytes)}`,
    met: memoryMet(item),
  });
  return rows;
}

export function cliExportMarkdown(item) {
  const m = item.method;
  const v = item.variants;
  const variants = [
    [CLI, '`merchant-ordering payments export --base-url URL --out FILE` (JSONL, a checkpoint once a second)'],
    [SCRIPT, '`iteratePayments({ orderBy: "createdAt", ascending: true, limit: 250 })`, each payment `JSON.stringify`d to a write stream'],
    [WALK, 'the same walk, nothing written'],
  ]
    .filter(([name]) => v[name])
    .map(([name, what]) => [name, what, range(v[name].ms, formatDuration), range(v[name].paymentsPerSecond, rate), v[name].cpuUsPerPayment ? range(v[name].cpuUsPerPayment, (us) => `${us.toFixed(1)} µs`) : '—']);
  const memory = [CLI, SCRIPT]
    .filter((name) => item.rss[name])
    .map((name) => {
      const rss = item.rss[name];
      return [name, range(rss.at10k, mb), range(rss.at100k, mb), range(rss.growth, signedMb), range(rss.peak, mb)];
    });
  const ratio = item.ratios[`${CLI} / ${SCRIPT}`];
  const cpu = item.ratios[`${CLI} / ${SCRIPT}, CPU per payment`];
  const rss = item.rss[CLI];
  return [
    `${m.payments.toLocaleString('en')} payments from ${m.server}, pages of ${m.pageSize}, ${m.order}, as ${m.format}. Each variant runs in a process of its own, timed from spawn to exit; ${m.rounds} rounds after ${m.warmupRounds} warm-up round, the order of the variants rotated each round, every output checked to hold ${m.payments.toLocaleString('en')} lines. RSS is read from /proc every ${m.sampleEveryMs} ms, the payments written so far from the size of the file being written; each mark is the median of the samples between ${m.rssWindows[0]} and ${m.rssWindows[1]} payments, since RSS saws up and down by several MB with the garbage collector while the live heap stays flat.`,
    '',
    table(['Variant', 'What it does', 'Time: median (min–max)', 'Payments per second', 'CPU per payment'], variants),
    '',
    table(['Process', 'RSS at 10,000', 'RSS at 100,000', 'Growth', 'Peak RSS'], memory),
    '',
    `**Target:** the CLI ≥ ${item.target.ratio}× the script's payments per second: ${range(ratio, formatRatio)} (paired within rounds), ${verdict(rateMet(item))}. Against the walk that writes nothing: ${range(item.ratios[`${CLI} / ${WALK}`], formatRatio)}.${cpu ? ` CPU per payment, CLI / script: ${range(cpu, formatRatio)}.` : ''}`,
    '',
    `**Target:** the CLI process's RSS grows ≤ ${mb(item.target.rssGrowthBytes)} from 10,000 to 100,000 payments: ${rss ? range(rss.growth, signedMb) : 'not measured'}, ${verdict(memoryMet(item))}.`,
    ...(rss ? ['', memoryNote(item)] : []),
  ].join('\n');
}

/** What the memory numbers mean, from the run's own numbers: the CLI beside the script, and what is live. */
function memoryNote(item) {
  const cli = item.rss[CLI];
  const script = item.rss[SCRIPT];
  const parts = [`The CLI runs its command in a worker thread whose young generation is capped (\`resourceLimits\`, packages/cli/src/main.ts); its RSS grows by ${signedMb(cli.growth.median)}.`];
  if (script) parts.push(`The plain script runs on Node's defaults and grows by ${signedMb(script.growth.median)} on the same walk, holding nothing but what \`iteratePayments\` holds: V8 keeps doubling its young generation while the pages in flight survive collections.`);
  const live = item.liveHeapAfterFullGc;
  if (live) parts.push(`What is live stays flat: in a run with \`--trace-gc\`, the heap after each of ${live.rounds} full collections was ${mb(live.min)}–${mb(live.max)} (${mb(live.first)} after the first, ${mb(live.last)} after the last).`);
  return `${memoryMet(item) ? '**About the memory.**' : '**Why it is missed.**'} ${parts.join(' ')}`;
}

function table(header, rows) {
  const cell = (value) => String(value).replace(/\|/g, '\\|');
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
}
