#!/usr/bin/env node
// `pnpm bench` (README.md): every row in a process of its own, then the page with their numbers.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, readCommandLine, UsageError } from '../command-line.mjs';
import { describeMachine, loadAverage, machineLine } from './lib/machine.mjs';
import { formatDuration } from './lib/format.mjs';
import { PAGE, targetLines, withSections } from './lib/page.mjs';
import { exitOnSignals, forkAndWait } from './lib/processes.mjs';
import { outputDir, repoRoot } from './lib/workspace.mjs';
import { ROWS } from './rows/index.mjs';

const ids = ROWS.map(({ id }) => id);
const { values } = readCommandLine({
  command: 'pnpm bench',
  usage: `usage: pnpm bench [--only <row,...>] [--write] [--skip-build]

Builds the workspace, measures each row in a process of its own (method: BENCHMARKS.md), prints the
targets, and writes the page with the new numbers to tools/bench-output/BENCHMARKS.md.

  --only <rows>  some rows: ${ids.join(', ')}
  --write        update BENCHMARKS.md itself (only the measured rows' sections change)
  --skip-build   measure what is already built
  --version      the version of the API description
  -h, --help     this text`,
  options: { only: { type: 'string', value: '<rows>' }, write: { type: 'boolean' }, 'skip-build': { type: 'boolean' } },
  check: ({ values }) => {
    const selected = values.only?.match(/[^\s,]+/g) ?? ids;
    const unknown = selected.filter((id) => !ids.includes(id));
    if (unknown.length) throw new UsageError(`--only: unknown row(s) ${unknown.join(', ')}; known: ${ids.join(', ')}`);
    return { values: { ...values, selected } };
  },
});
exitOnSignals();

const rows = ROWS.filter(({ id }) => values.selected.includes(id));
const started = performance.now();
if (!values['skip-build']) await build(['bundle', 'build', '--output-logs=errors-only']);
mkdirSync(outputDir, { recursive: true });

const sections = {};
const results = {};
for (const [index, row] of rows.entries()) {
  const tag = `[${index + 1}/${rows.length}] ${row.id}`;
  console.log(`${tag}: ${row.title}`);
  const machine = describeMachine(repoRoot);
  const rowStarted = performance.now();
  let markdown;
  try {
    const { result, error } = await forkAndWait(new URL('./lib/child.mjs', import.meta.url), [row.id], { timeoutMs: row.timeoutMs }).message;
    if (error) throw new Error(error);
    results[row.id] = result;
    markdown = row.report(result);
  } catch (error) {
    results[row.id] = { error: String(error?.message ?? error) };
    markdown = `This row failed in this run, so it has no numbers:\n\n\`\`\`\n${results[row.id].error}\n\`\`\``;
  }
  const ms = performance.now() - rowStarted;
  console.log(`${tag}: ${results[row.id].error ? 'FAILED' : 'done'} in ${formatDuration(ms)}`);
  sections[row.id] = `${markdown}\n\n${machineLine(machine, { ms, loadAverageAtEnd: loadAverage() })}`;
}
const totalMs = performance.now() - started;
if (rows.length === ROWS.length)
  sections.cost = `The last full run (\`pnpm bench --write\`, build included) took ${formatDuration(totalMs)} on ${new Date().toISOString().slice(0, 10)}.`;

const page = withSections(readFileSync(PAGE, 'utf8'), sections, Object.fromEntries(ROWS.map(({ id, title }) => [id, title])));
const out = values.write ? PAGE : join(outputDir, 'BENCHMARKS.md');
writeFileSync(out, page);
writeFileSync(join(outputDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
for (const [id, line] of targetLines(page)) if (values.selected.includes(id)) console.log(`${id}: ${line.replace(/\*\*/g, '')}`);
const hint = values.write ? '' : ' (--write updates BENCHMARKS.md)';
console.log(`bench: ${formatDuration(totalMs)}; the page with these numbers is ${out}${hint}; raw numbers in ${join(outputDir, 'results.json')}`);
process.exitCode = Object.values(results).some((result) => result.error) ? 1 : 0;
