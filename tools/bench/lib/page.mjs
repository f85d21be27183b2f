// BENCHMARKS.md is its own template: the prose is written by hand, and each row's numbers sit between `<!-- bench:<id> -->` and `<!-- /bench:<id> -->`,
// replaced when that row is measured again. A row without its markers yet is appended as a section of its own. The summary collects every section's target
// lines, so it follows whichever run wrote each section.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { table } from './format.mjs';
import { readRecords } from '../../mutation/record.mjs';
import { mutationMarkdown } from './mutation-report.mjs';
import { repoRoot } from './workspace.mjs';

export const PAGE = join(repoRoot, 'BENCHMARKS.md');
const SECTION = /<!-- bench:([\w-]+) -->\n([\s\S]*?)\n<!-- \/bench:\1 -->/g;

/** The page with the given sections' contents replaced (id -> Markdown), and the summary rebuilt. */
export function withSections(page, sections, titles = {}) {
  let out = page;
  for (const [id, markdown] of Object.entries(sections)) {
    const block = `<!-- bench:${id} -->\n${markdown}\n<!-- /bench:${id} -->`;
    const existing = new RegExp(`<!-- bench:${id} -->\\n[\\s\\S]*?\\n<!-- /bench:${id} -->`);
    out = existing.test(out) ? out.replace(existing, () => block) : `${out.trimEnd()}\n\n## ${titles[id] ?? id}\n\n${block}\n`;
  }
  const summary = targetLines(out).map(([id, line]) => `- ${id}: ${line}\n`);
  return out.replace(/<!-- bench:summary -->\n[\s\S]*?<!-- \/bench:summary -->/, () => `<!-- bench:summary -->\n${summary.join('')}<!-- /bench:summary -->`);
}

/** Every section's `**Target:**` and `**Floor:**` lines, as [id, line]. */
export function targetLines(page) {
  const lines = [];
  for (const [, id, body] of page.matchAll(SECTION))
    if (id !== 'summary') for (const line of body.match(/^\*\*(Target|Floor).*$/gm) ?? []) lines.push([id, line]);
  return lines;
}

/** Rewrites the mutation section of BENCHMARKS.md from each package's mutation-record.json (`pnpm test:mutation`). */
export function writeBenchmarksPage() {
  writeFileSync(PAGE, withSections(readFileSync(PAGE, 'utf8'), { mutation: mutationMarkdown(readRecords(), table) }));
}
