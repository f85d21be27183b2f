// The docs row of `pnpm bench`: the agents' reference is weighed apart from the page, the page's
// ceiling (1.1× its weight before it) is a target line the summary picks up, and tokens read as bytes / 4.
import { describe, expect, it } from 'vitest';
import docs, { isAgentFile, PAGE_CEILING, tokensOf } from '../../bench/rows/docs.mjs';

const summary = (median) => ({ median, min: median, max: median, rounds: 1, values: [median] });
const weightOf = (files) => ({ files, total: { raw: files.reduce((sum, f) => sum + f.raw, 0), gzipped: files.reduce((sum, f) => sum + f.gzipped, 0) } });
const result = (pageGzipped) => ({
  method: { rounds: 1, chromium: '1.0', chromiumArgs: [] },
  operations: ['Payments: List payments'],
  weight: weightOf([{ file: 'index.html', raw: 2_000_000, gzipped: pageGzipped }]),
  agentFiles: weightOf([
    { file: 'llms-full.txt', raw: 56_000, gzipped: 13_000 },
    { file: 'operations/list-payments.md', raw: 33_000, gzipped: 8_700 },
  ]),
  tokens: { 'llms-full.txt': 14_000, "the page's visible text, every route opened": 5_000, 'openapi.json (the bundled description)': 18_000 },
  launchMs: 1000,
  ms: Object.fromEntries(['domContentLoaded', 'load', 'tagsListed', 'allOperationsShown', 'operationShown', 'canSend'].map((key) => [key, summary(1000)])),
  outside: 0,
});

describe('the docs row', () => {
  it('counts the .txt and .md files as the agents’ reference, and nothing else', () => {
    expect(['llms.txt', 'llms-full.txt', 'overview.md', 'operations/ping.md', 'records/contact.md'].every(isAgentFile)).toBe(true);
    expect(['index.html', 'try-it.js', 'sandbox-sw.js', 'openapi.json', 'openapi.yaml', 'redocly-wordmark.svg'].some(isAgentFile)).toBe(false);
  });

  it('states the page’s ceiling as a target, met at or under 873.8 kB and missed above', () => {
    expect(PAGE_CEILING.bytes).toBe(Math.round((PAGE_CEILING.before * 1.1) / 100) * 100);
    expect(docs.report(result(795_130))).toContain(
      "**Target:** the site without the agents' reference ≤ 873.80 kB gzipped (1.1× the 794.36 kB before it): 795.13 kB (1.00×), **met**.",
    );
    expect(docs.report(result(873_801))).toMatch(/\*\*Target:\*\*.*\*\*missed\*\*\.$/m);
  });

  it('lists the agents’ files in a table of their own, and the tokens against llms-full.txt', () => {
    const page = docs.report(result(795_130));
    const [pageTable, agentTable] = page.split('\n\n').filter((block) => block.startsWith('| File'));
    expect(pageTable).not.toContain('llms-full.txt');
    expect(agentTable).toContain('| operations/list-payments.md | 33.00 kB / 8.70 kB |');
    expect(agentTable).toContain('| **total** | **89.00 kB / 21.70 kB** |');
    expect(page).toContain('| openapi.json (the bundled description) | 18,000 | 1.29× |');
  });

  it('counts tokens as UTF-8 bytes / 4', () => {
    expect(tokensOf('abcdefgh')).toBe(2);
    expect(tokensOf('é'.repeat(4))).toBe(2);
  });
});
