// Writes BENCHMARKS.md: the template filled from the bench's results (latest.json, `pnpm bench`) and
// the mutation scores (mutation.json, `pnpm test:mutation`). Either command rewrites the whole page;
// only the sections are generated, everything else on it is the template.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir, repoRoot, resultsDir } from './paths.mjs';
import { renderReport } from './report.mjs';

export const LATEST = join(resultsDir, 'latest.json');
const MUTATION = join(resultsDir, 'mutation.json');
const TEMPLATE = join(benchDir, 'BENCHMARKS.template.md');
const PAGE = join(repoRoot, 'BENCHMARKS.md');

export function writeBenchmarksPage(results = JSON.parse(readFileSync(LATEST, 'utf8'))) {
  const mutation = existsSync(MUTATION) ? JSON.parse(readFileSync(MUTATION, 'utf8')) : undefined;
  writeFileSync(PAGE, renderReport(readFileSync(TEMPLATE, 'utf8'), { ...results, mutation }));
}
