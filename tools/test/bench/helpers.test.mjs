// The pure helpers behind `pnpm bench`: how rounds are summarised and paired, how the request the
// comparisons share is written, and how results become BENCHMARKS.md. Nothing here times anything.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handWrittenListUrl, LIST_QUERY } from '../../bench/lib/fixtures.mjs';
import { renderReport, summaryRows, table } from '../../bench/lib/report.mjs';
import { formatBytes, formatDuration, formatRatio, median, meets, pairedRatios, rotate, summarize } from '../../bench/lib/stats.mjs';
import { nodeOrigin } from '../../bench/lib/machine.mjs';
import { heapVerdict } from '../../bench/pagination.mjs';
import { repoRoot } from '../../release/packages.mjs';
import { turboSummary } from '../../bench/pipeline.mjs';

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
  it('renders every placeholder of the template, and says which items have no numbers', () => {
    const template = readFileSync(new URL('../../bench/BENCHMARKS.template.md', import.meta.url), 'utf8');
    const results = {
      machine: { cores: 2, cpuModel: 'CPU', memoryBytes: 2 ** 30, node: 'v20', v8: '11', os: 'Linux', date: '2026-01-01T00:00:00.000Z', loadAverageAtStart: [0, 0, 0], git: null },
      items: { wire: { error: 'server did not start' } },
    };
    const page = renderReport(template, results);
    expect(page).not.toMatch(/\{\{\w+\}\}/);
    expect(page).toContain('server did not start');
    expect(page).toContain('not run');
  });

  it('reports the sandbox floor as met or missed from the limit-20 median, without asserting it', () => {
    const summary = (median) => ({ median, min: median, max: median, rounds: 1, values: [median] });
    const measured = (median) => ({ requestsPerSecond: summary(median), latencyMs: { p50: summary(1), p99: summary(5) }, bytesPerResponse: 28_000, requests: 10_000 });
    const sandbox = (at20) => ({ method: { tool: 'autocannon 9.0.0', connections: 10, rounds: 1, secondsPerRound: 5 }, byLimit: { 20: measured(at20), 250: measured(300) }, floor: { requestsPerSecond: 2000, atLimit: 20 } });
    const render = (at20) => renderReport('{{sandbox}}', { machine: { date: '' }, items: { sandbox: sandbox(at20) } });
    expect(render(2500)).toContain('**Floor:** ≥ 2,000 req/s at limit 20: 2,500 req/s (2,500 req/s–2,500 req/s), **met**.');
    expect(render(1500)).toContain('**missed**');
  });

  it('reports the node:http host against main before the engine, and the in-process calls against node:http, each with its goal', () => {
    const summary = (median) => ({ median, min: median * 0.9, max: median * 1.1, rounds: 3, values: [median] });
    const measured = (ratio) => ({ requestsPerSecond: summary(9000), cpuMsPerRequest: summary(0.06), latencyMs: { p50: summary(1), p99: summary(5) }, bytesPerResponse: 28_000, requests: 10_000, baseline: { requestsPerSecond: summary(9000 / ratio), cpuMsPerRequest: summary(0.06) }, ratioToBaseline: summary(ratio) });
    const sandbox = (ratio) => ({ method: { tool: 'autocannon 9.0.0', connections: 10, rounds: 3, secondsPerRound: 4, baseline: '3fdbed8bb2' }, byLimit: { 20: measured(ratio), 250: measured(1) }, floor: { requestsPerSecond: 2000, atLimit: 20 }, baselineTarget: { ratio: 0.9, atLimit: 20 } });
    const inProcess = (ratio) => ({ method: { limit: 20, msPerVariant: 1500, rounds: 3, payments: 1000 }, callsPerSecond: { 'in process (sandbox.fetch)': summary(5000), 'node:http host over loopback': summary(5000 / ratio), 'floor: the page handed back at once': summary(6250) }, ratio: summary(ratio), floorRatio: summary(0.8), target: { ratio: 5 } });
    const render = (ratio, calls) => renderReport('{{sandbox}}\n{{inProcess}}', { machine: { date: '' }, items: { sandbox: sandbox(ratio), inProcess: inProcess(calls) } });
    expect(render(0.95, 6)).toContain('**Target:** ≥ 0.9× main at limit 20: 0.95× (0.85×–1.04×), **met**.');
    expect(render(0.95, 6)).toContain('**Target:** in process ≥ 5× node:http: 6.00× (5.40×–6.60×), **met**.');
    expect(render(0.8, 3)).toContain('**Target:** ≥ 0.9× main at limit 20: 0.80× (0.72×–0.88×), **missed**.');
    expect(render(0.8, 3)).toContain('**Target:** in process ≥ 5× node:http: 3.00× (2.70×–3.30×), **missed**.');
    expect(render(0.8, 3)).toContain('Even a sandbox that cost nothing would be 3.75× node:http here');
    expect(render(0.95, 6)).not.toContain('Why it is missed');
    const rows = summaryRows({ items: { sandbox: sandbox(0.95), inProcess: inProcess(3) } }).filter((row) => row.target.includes('×'));
    expect(rows.map((row) => [row.measure, row.met])).toEqual([
      ['node:http host vs main before the engine, limit 20', true],
      ['client calls, limit 20: sandbox.fetch in process vs node:http over loopback', false],
    ]);
  });

  it('records the Node of the run, and whether it is the workspace\'s pinned Node', () => {
    const base = { cores: 2, cpuModel: 'CPU', memoryBytes: 2 ** 30, node: 'v24.21.0', v8: '13', os: 'Linux', date: '', loadAverageAtStart: [0, 0, 0], git: null };
    const pinned = renderReport('{{machine}}', { machine: { ...base, nodeOrigin: { pinned: '24.21.0', isPinned: true } }, items: {} });
    expect(pinned).toContain("**Node:** v24.21.0 (V8 13), the workspace's pinned Node (24.21.0");
    const other = renderReport('{{machine}}', { machine: { ...base, node: 'v20.20.2', nodeOrigin: { pinned: '24.21.0', isPinned: false } }, items: {} });
    expect(other).toContain("not the workspace's pinned Node 24.21.0");
  });

  it('tells the pinned Node (this run\'s) from another executable', () => {
    expect(nodeOrigin(repoRoot)).toEqual({ pinned: process.versions.node, isPinned: true });
    expect(nodeOrigin(repoRoot, '/bin/sh').isPinned).toBe(false);
  });

  it('says in the page which figures move with the Node version', () => {
    const template = readFileSync(new URL('../../bench/BENCHMARKS.template.md', import.meta.url), 'utf8');
    expect(template).toMatch(/The Node version moves some figures and not others/);
  });

  it('item 1 leads with its target, the client on its default transport against the node:http floor; the fetch floor rows carry none', () => {
    const summary = (median) => ({ median, min: median, max: median, rounds: 1, values: [median] });
    const names = ['fetch floor', 'node:http floor', 'openapi-fetch', 'client (node:http)', 'client (fetch)'];
    const wire = (nodeRatio) => ({
      method: { rounds: 1, timeMsPerTaskPerRound: 400 },
      request: { target: '/v2/payments', headersByVariant: Object.fromEntries(names.map((name) => [name, ['accept']])) },
      msPerCall: { 'fetch floor': summary(0.2), 'node:http floor': summary(0.15), 'openapi-fetch': summary(0.22), 'client (node:http)': summary(0.15 * nodeRatio), 'client (fetch)': summary(0.25) },
      ratios: { 'client (node:http) / node:http floor': summary(nodeRatio), 'client (node:http) / fetch floor': summary(1), 'client (fetch) / fetch floor': summary(1.25), 'openapi-fetch / fetch floor': summary(1.1) },
      target: { ratio: 1.15, of: 'client (node:http) / node:http floor' },
    });
    const rows = summaryRows({ items: { wire: wire(1.1) } }).filter((row) => row.item === '1 wire');
    expect(rows[0]).toMatchObject({ measure: 'client (node:http) vs node:http floor', ratio: '1.10× (1.10×–1.10×)', target: '≤ 1.15×', met: true });
    expect(rows.slice(1).map((row) => [row.measure, row.target, row.met])).toEqual([
      ['client (node:http) vs fetch floor', '', null],
      ['client (fetch) vs fetch floor', '', null],
      ['openapi-fetch vs fetch floor', '', null],
    ]);
    const render = (nodeRatio) => renderReport('{{wire}}', { machine: { date: '' }, items: { wire: wire(nodeRatio) } });
    expect(render(1.1)).toContain('**Target:** the client on its default transport ≤ 1.15× the hand-written keep-alive node:http call, paired per round: 1.10× (1.10×–1.10×), **met**.');
    expect(render(1.3)).toContain('**missed**');
    expect(render(1.3)).toContain('the client must shed 22.5 µs');
  });

  it('refuses a placeholder it does not know instead of printing it', () => {
    expect(() => renderReport('{{nonsense}}', { machine: { date: '' }, items: {} })).toThrow('{{nonsense}}');
  });

  it('escapes | inside table cells', () => {
    expect(table(['a'], [['x|y']])).toBe('| a |\n| --- |\n| x\\|y |');
  });
});
