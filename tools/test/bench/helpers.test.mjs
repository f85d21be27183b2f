// The pure helpers behind `pnpm bench`: how rounds are summarised and paired, how the request the
// comparisons share is written, and how a row's numbers become its section of BENCHMARKS.md.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handWrittenListUrl, LIST_QUERY } from '../../bench/lib/fixtures.mjs';
import { machineLine, nodeOrigin } from '../../bench/lib/machine.mjs';
import { formatBytes, formatDuration, formatRatio, meets, table } from '../../bench/lib/format.mjs';
import { inRounds, median, pairedRatios, rotate, summarize } from '../../bench/lib/measure.mjs';
import { withSections } from '../../bench/lib/page.mjs';
import cliExport from '../../bench/rows/cli-export.mjs';
import { ROWS } from '../../bench/rows/index.mjs';
import inProcess from '../../bench/rows/in-process.mjs';
import { heapVerdict } from '../../bench/rows/pagination.mjs';
import { turboSummary } from '../../bench/rows/pipeline.mjs';
import sandbox from '../../bench/rows/sandbox.mjs';
import wire from '../../bench/rows/wire.mjs';
import { repoRoot } from '../../release/packages.mjs';

const summary = (median, spread = 0) => ({ median, min: median * (1 - spread), max: median * (1 + spread), rounds: 1, values: [median] });

describe('summaries over rounds', () => {
  it('the median of an odd count is the middle value, of an even count the mean of the middle two', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow('empty');
  });

  it('a summary keeps median, min, max, the round count and the values in round order', () => {
    expect(summarize([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, rounds: 3, values: [3, 1, 2] });
  });

  it('ratios pair values of the same round, so a slow round slows both sides alike', () => {
    expect(pairedRatios([2, 4, 9], [1, 2, 3])).toEqual([2, 2, 3]);
    expect(() => pairedRatios([1, 2], [1])).toThrow('same number of rounds');
  });

  it('the task order rotates from round to round, so no task always runs first', () => {
    expect([0, 1, 2, 3].map((round) => rotate(['a', 'b', 'c'], round)[0])).toEqual(['a', 'b', 'c', 'a']);
  });

  it('rounds drop their warm-up round and keep every variant in every other round', async () => {
    const order = [];
    const values = await inRounds(['a', 'b'], 2, (name, round) => order.push(`${name}${round}`) && round);
    expect(values).toEqual({ a: [0, 1], b: [0, 1] });
    expect(order).toEqual(['a-1', 'b-1', 'b0', 'a0', 'a1', 'b1']);
  });

  it('a ceiling target is met at or below it, and never by a missing number', () => {
    expect(meets(1.05, 1.05)).toBe(true);
    expect(meets(1.051, 1.05)).toBe(false);
    expect(meets(Number.NaN, 1.05)).toBe(false);
  });
});

describe('display formats', () => {
  it('durations use µs below a millisecond and seconds from ten seconds', () => {
    expect(formatDuration(0.3257)).toBe('325.7 µs');
    expect(formatDuration(12.34)).toBe('12.3 ms');
    expect(formatDuration(922.4)).toBe('922 ms');
    expect(formatDuration(83_465)).toBe('83.5 s');
  });

  it('sizes and ratios read the way the report writes them', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(6842)).toBe('6.84 kB');
    expect(formatBytes(2_800_000)).toBe('2.80 MB');
    expect(formatRatio(1.2345)).toBe('1.23×');
  });

  it('escapes | inside table cells', () => {
    expect(table(['a'], [['x|y']])).toBe('| a |\n| --- |\n| x\\|y |');
  });
});

describe('the request every wire variant sends', () => {
  it('repeats the key for each array value and encodes + as %2B, as openapi-fetch does', () => {
    const url = new URL(handWrittenListUrl('http://127.0.0.1:1'));
    expect(url.pathname).toBe('/v2/payments');
    expect(url.searchParams.getAll('statuses')).toEqual(LIST_QUERY.statuses);
    expect(url.searchParams.getAll('merchantReferences')).toEqual(['order #1&2', 'A+B']);
    expect(url.search).toContain('fromCreatedDate=2024-01-01T00%3A00%3A00.000%2B11%3A00');
    expect(url.search).not.toContain('+');
  });
});

describe('reading results', () => {
  it("turbo's closing lines give the task and cache counts, also through colour codes", () => {
    const output = ' Tasks:    10 successful, 10 total\n\x1b[1mCached:    10 cached, 10 total\x1b[0m\n  Time:    22ms >>> FULL TURBO\n';
    expect(turboSummary(output)).toEqual({ successful: 10, total: 10, cached: 10, turboTime: '22ms', fullTurbo: true });
  });

  it('heap is flat when the iterator grows by at most a tenth of what keeping the extra payments takes', () => {
    const mib = 1024 * 1024;
    const variant = (held, retained = 0) => ({ heldAtOnce: { median: held }, retainedHeapDelta: { median: retained } });
    const collect = { 'collect 1k': variant(0.45 * mib, 0.2 * mib), 'collect 10k': variant(4.45 * mib, 4.2 * mib) };
    const flat = heapVerdict({ ...collect, 'iterate 1k': variant(0.2 * mib), 'iterate 10k': variant(0.35 * mib) });
    expect(flat.keptGrowth).toBeCloseTo(4 * mib);
    expect(flat.pageBytes).toBeCloseTo((4 * mib * 250) / 9000);
    expect(flat.flat).toBe(true);
    expect(heapVerdict({ ...collect, 'iterate 1k': variant(0.2 * mib), 'iterate 10k': variant(1.2 * mib) }).flat).toBe(false);
    expect(heapVerdict({ ...collect, 'iterate 1k': variant(0.2 * mib), 'iterate 10k': variant(0.3 * mib, 2 * mib) }).flat).toBe(false);
  });
});

describe('BENCHMARKS.md', () => {
  const page = readFileSync(new URL('../../../BENCHMARKS.md', import.meta.url), 'utf8');

  it('has a section for every row and the mutation score, and says what a run costs', () => {
    for (const id of [...ROWS.map((row) => row.id), 'mutation', 'summary', 'cost']) expect(page).toContain(`<!-- bench:${id} -->`);
    expect(page).toMatch(/<!-- bench:cost -->\n[^\n]*\b\d+ (s|minutes)\b/);
  });

  it('replaces only the measured sections, appends a new row at the end, and rebuilds the summary from the target lines', () => {
    const before =
      '# B\n\n<!-- bench:summary -->\n<!-- /bench:summary -->\n\n## 1\n\n<!-- bench:a -->\n**Target:** old, **met**.\n<!-- /bench:a -->\n\n<!-- bench:b -->\nkept\n**Target:** b, **met**.\n<!-- /bench:b -->\n';
    const after = withSections(before, { a: 'new\n\n**Target:** a, **missed**.', c: '**Floor:** c' }, { c: '9. C' });
    expect(after).toContain('<!-- bench:a -->\nnew\n\n**Target:** a, **missed**.\n<!-- /bench:a -->');
    expect(after).toContain('kept\n**Target:** b, **met**.');
    expect(after).toMatch(/## 9\. C\n\n<!-- bench:c -->\n\*\*Floor:\*\* c\n<!-- \/bench:c -->\n$/);
    expect(after).toContain(
      '<!-- bench:summary -->\n- a: **Target:** a, **missed**.\n- b: **Target:** b, **met**.\n- c: **Floor:** c\n<!-- /bench:summary -->',
    );
  });

  it('says in the page which figures move with the Node version', () => {
    expect(page).toMatch(/The Node version moves some figures and not others/);
  });

  it('reports the sandbox floor as met or missed from the limit-20 median, without asserting it', () => {
    const measured = (median) => ({
      requestsPerSecond: summary(median),
      cpuMsPerRequest: summary(0.06),
      p50: summary(1),
      p99: summary(5),
      bytesPerResponse: 28_000,
      requests: 10_000,
    });
    const render = (at20) =>
      sandbox.report({ method: { tool: 'autocannon 9.0.0', connections: 10, rounds: 1, seconds: 5 }, byLimit: { 20: measured(at20), 250: measured(300) } });
    expect(render(2500)).toContain('**Floor:** ≥ 2,000 req/s at limit 20: 2,500 req/s (2,500 req/s–2,500 req/s), **met**.');
    expect(render(1500)).toContain('**missed**');
  });

  it('reports the engine in process against the floor (the same client, the page handed back at once) with its goal', () => {
    const render = (ratio) =>
      inProcess.report({
        method: { limit: 20, msPerVariant: 1500, rounds: 3 },
        callsPerSecond: { 'in process (sandbox.fetch)': summary(5000, 0.1), 'floor: the page handed back at once': summary(5000 * ratio) },
        ratio: summary(ratio, 0.1),
        loopbackRatio: summary(2),
      });
    expect(render(1.2)).toContain(
      "**Target:** time per call in process ≤ 1.5× the floor's (what the engine adds to the client): 1.20× (1.08×–1.32×), **met**.",
    );
    expect(render(2)).toContain(
      "**Target:** time per call in process ≤ 1.5× the floor's (what the engine adds to the client): 2.00× (1.80×–2.20×), **missed**.",
    );
    expect(render(2)).toContain('in process against the node:http host over loopback (calls per second): 2.00×');
  });

  it("records the Node of the run, and whether it is the workspace's pinned Node", () => {
    const machine = {
      cores: 2,
      cpuModel: 'CPU',
      memoryBytes: 2 ** 30,
      node: 'v24.21.0',
      os: 'Linux',
      date: '2026-01-01T00:00:00.000Z',
      loadAverageAtStart: [0, 0, 0],
      git: null,
    };
    expect(machineLine({ ...machine, nodeOrigin: { pinned: '24.21.0', isPinned: true } }, { ms: 1000, loadAverageAtEnd: [1, 1, 1] })).toContain(
      "Node v24.21.0 (the workspace's pinned Node)",
    );
    expect(
      machineLine({ ...machine, node: 'v20.20.2', nodeOrigin: { pinned: '24.21.0', isPinned: false } }, { ms: 1000, loadAverageAtEnd: [1, 1, 1] }),
    ).toContain("not the workspace's pinned 24.21.0");
  });

  it("tells the pinned Node (this run's) from another executable", () => {
    expect(nodeOrigin(repoRoot)).toEqual({ pinned: process.versions.node, isPinned: true });
    expect(nodeOrigin(repoRoot, '/bin/sh').isPinned).toBe(false);
  });

  it('row 1 leads with its target, the client on its default transport against the node:http floor', () => {
    const names = ['fetch floor', 'node:http floor', 'openapi-fetch', 'design floor', 'client (node:http)', 'client (fetch)'];
    const render = (nodeRatio) => {
      const ratios = Object.fromEntries(names.flatMap((name) => ['fetch floor', 'node:http floor'].map((floor) => [`${name} / ${floor}`, summary(1)])));
      ratios['client (node:http) / node:http floor'] = summary(nodeRatio);
      return wire.report({
        method: { rounds: 1, timeMs: 400 },
        target: '/v2/payments',
        headers: Object.fromEntries(names.map((name) => [name, ['accept']])),
        msPerCall: Object.fromEntries(names.map((name) => [name, summary(0.2)])),
        ratios,
      });
    };
    expect(render(1.1)).toContain(
      '**Target:** the client on its default transport ≤ 1.15× the hand-written keep-alive node:http call, paired per round: 1.10× (1.10×–1.10×), **met**.',
    );
    expect(render(1.3)).toContain('**missed**');
  });
});

describe('row 8, the CLI export', () => {
  const rss = (at10k, at100k) => ({ at10k: summary(at10k), at100k: summary(at100k), growth: summary(at100k - at10k), peak: summary(Math.max(at10k, at100k)) });
  const result = ({ ratio = 1, growth = 1e6, memory = true } = {}) => ({
    method: { rounds: 1 },
    variants: Object.fromEntries(
      ['cli export', 'plain script', 'plain walk, no output'].map((name) => [
        name,
        { ms: summary(5000), paymentsPerSecond: summary(20_000), cpuUsPerPayment: summary(27) },
      ]),
    ),
    ratios: { rate: summary(ratio), rateToWalk: summary(ratio / 1.5), cpu: summary(1) },
    rss: { 'cli export': memory ? rss(100e6, 100e6 + growth) : undefined, 'plain script': rss(90e6, 91e6) },
  });

  it('meets the rate at 0.9× and above, and misses it below', () => {
    expect(cliExport.report(result({ ratio: 0.95 }))).toContain(
      "**Target:** the CLI ≥ 0.9× the script's payments per second: 0.95× (0.95×–0.95×) (paired within rounds), **met**.",
    );
    expect(cliExport.report(result({ ratio: 0.85 }))).toContain('0.85× (0.85×–0.85×) (paired within rounds), **missed**.');
  });

  it('meets the memory target at up to 10 MB of growth, and a run without /proc says so rather than passing', () => {
    expect(cliExport.report(result({ growth: 9e6 }))).toContain(
      "**Target:** the CLI process's RSS grows ≤ 10.0 MB from 10,000 to 100,000 payments: +9.0 MB (+9.0 MB–+9.0 MB), **met**.",
    );
    expect(cliExport.report(result({ growth: 11e6 }))).toContain('+11.0 MB (+11.0 MB–+11.0 MB), **missed**.');
    expect(cliExport.report(result({ memory: false }))).toContain('not measured (no /proc), **missed**.');
  });

  it("says what stays live in the CLI's heap, from a traced run", () => {
    const liveHeap = { ...summary(11e6), min: 10e6, max: 12e6, rounds: 9, first: 11e6, last: 11.5e6 };
    expect(cliExport.report({ ...result(), liveHeap })).toContain(
      "the CLI's heap after each of 9 full collections was 10.0 MB–12.0 MB (11.0 MB after the first, 11.5 MB after the last)",
    );
  });
});
