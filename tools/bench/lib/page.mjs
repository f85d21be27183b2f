// Writes BENCHMARKS.md: the template filled from the bench's results (latest.json, `pnpm bench`) and
// the mutation scores (each package's mutation-record.json, `pnpm test:mutation`). Either command rewrites the whole page;
// only the sections are generated, everything else on it is the template.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRecords } from '../../mutation/record.mjs';
import { benchDir, repoRoot, resultsDir } from './paths.mjs';
import { renderReport } from './report.mjs';

export const LATEST = join(resultsDir, 'latest.json');
const TEMPLATE = join(benchDir, 'BENCHMARKS.template.md');
const PAGE = join(repoRoot, 'BENCHMARKS.md');

export function writeBenchmarksPage(results = JSON.parse(readFileSync(LATEST, 'utf8'))) {
  writeFileSync(PAGE, renderReport(readFileSync(TEMPLATE, 'utf8'), { ...results, mutation: readRecords() }));
}
