// Item 8 (CLI export) in the report: the verdicts follow the run's own numbers, and a run without
// /proc says the memory was not measured rather than passing.
import { describe, expect, it } from 'vitest';
import { cliExportMarkdown, cliExportRows } from '../../bench/lib/cli-export-report.mjs';
import { renderReport } from '../../bench/lib/report.mjs';

const summary = (median) => ({ median, min: median, max: median, rounds: 1, values: [median] });
const variant = (perSecond) => ({ ms: summary(100_000_000 / perSecond), paymentsPerSecond: summary(perSecond) });
const rss = (at10k, at100k) => ({ at10k: summary(at10k), at100k: summary(at100k), growth: summary(at100k - at10k), peak: summary(Math.max(at10k, at100k)) });

function result({ ratio = 1, growth = 1e6, memory = true } = {}) {
  return {
    method: { payments: 100_000, pageSize: 250, format: 'jsonl', order: 'createdAt ascending', rounds: 1, warmupRounds: 1, sampleEveryMs: 50, rssWindows: ['a', 'b'], server: 'a sandbox' },
    variants: { 'cli export': variant(20_000 * ratio), 'plain script': variant(20_000), 'plain walk, no output': variant(30_000) },
    ratios: { 'cli export / plain script': summary(ratio), 'cli export / plain walk, no output': summary(ratio / 1.5) },
    rss: { 'cli export': memory ? rss(100e6, 100e6 + growth) : undefined, 'plain script': rss(90e6, 91e6) },
    target: { ratio: 0.9, rssGrowthBytes: 10e6 },
  };
}

describe('item 8 in the report', () => {
  it('meets the rate at 0.9× and above, and misses it below', () => {
    expect(cliExportRows(result({ ratio: 0.95 }))[0]).toMatchObject({ item: '8 cli', target: '≥ 0.9×', met: true });
    expect(cliExportRows(result({ ratio: 0.85 }))[0].met).toBe(false);
  });

  it('meets the memory target at up to 10 MB of growth', () => {
    expect(cliExportRows(result({ growth: 9e6 }))[1]).toMatchObject({ measure: 'CLI process RSS, 10,000 → 100,000 payments', result: '100.0 MB → 109.0 MB', met: true });
    expect(cliExportRows(result({ growth: 11e6 }))[1].met).toBe(false);
    expect(cliExportRows(result({ memory: false }))[1]).toMatchObject({ result: 'not measured (no /proc)', met: false });
  });

  it('explains a missed memory target from the run\'s own numbers', () => {
    const item = { ...result({ growth: 120e6 }), liveHeapAfterFullGc: { ...summary(11e6), min: 10e6, max: 12e6, rounds: 9, first: 11e6, last: 11.5e6 } };
    const text = cliExportMarkdown(item);
    expect(text).toContain('**Why it is missed.** The CLI runs its command in a worker thread whose young generation is capped');
    expect(text).toContain('its RSS grows by +120.0 MB. The plain script runs on Node\'s defaults and grows by +1.0 MB');
    expect(cliExportMarkdown({ ...item, ...result({ growth: 2e6 }) })).toContain('**About the memory.**');
    expect(text).toContain('the heap after each of 9 full collections was 10.0 MB–12.0 MB');
  });

  it('renders its section, and a failed run as failed', () => {
    expect(cliExportMarkdown(result({ ratio: 0.85 }))).toContain('**missed**');
    const page = renderReport('{{cli}}', { machine: { date: '' }, items: { cli: { error: 'sandbox did not start' } } });
    expect(page).toContain('sandbox did not start');
  });
});
