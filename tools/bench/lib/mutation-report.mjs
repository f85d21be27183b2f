// The mutation section of BENCHMARKS.md, from tools/bench/results/mutation.json (written by
// `pnpm test:mutation`, tools/mutation/run.mjs): each package's score with its date and commit, and
// the time of its last cold and last incremental run.
import { formatDuration } from './measure.mjs';

const percent = (score) => (score === null ? '—' : `${score.toFixed(2)} %`);
const day = (iso) => iso.slice(0, 10);
const commitOf = (run) => `${run.commit ?? '?'}${run.uncommittedFiles ? ` (+${run.uncommittedFiles} uncommitted files)` : ''}`;
const minutes = (ms) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : formatDuration(ms));

/** @param {(header: string[], rows: string[][]) => string} table */
export function mutationMarkdown(mutation, table) {
  // A package whose only run so far was interrupted has an inputs hash and no figures yet.
  const entries = Object.entries(mutation?.packages ?? {}).filter(([, figures]) => figures.runs);
  if (entries.length === 0) return 'No package has been measured yet: run `pnpm test:mutation`.';
  const scores = entries.map(([name, figures]) => {
    const latest = latestRun(figures.runs);
    const { Killed, Timeout, Survived, NoCoverage, CompileError, RuntimeError, Ignored } = figures.counts;
    return [
      name,
      `**${percent(figures.score)}**`,
      `${figures.breakAt} %`,
      figures.score !== null && figures.score >= figures.breakAt ? 'passes' : '**fails**',
      String(Killed),
      String(Timeout),
      `${Survived + NoCoverage} (${figures.listedSurvivors} listed)`,
      String(CompileError + RuntimeError + Ignored),
      String(figures.mutants),
      day(latest.date),
      commitOf(latest),
    ];
  });
  const times = entries.map(([name, { runs }]) => [name, timing(runs.cold), timing(runs.incremental)]);
  return [
    table(['Package', 'Score', 'Break at', 'Verdict', 'Killed', 'Timed out', 'Survived or not covered', 'Not counted', 'Mutants', 'Date', 'Commit'], scores),
    '',
    '"Not counted": mutants that do not compile (the TypeScript checker), that fail to load, or that are static and ignored (reached only while modules load or in `beforeAll` hooks; tools/mutation/README.md). Every survivor is listed, with why it survives, in the package\'s `stryker-survivors.md`.',
    '',
    table(['Package', 'Last cold run (every mutant)', 'Last incremental run'], times),
  ].join('\n');
}

function latestRun(runs) {
  return [runs.cold, runs.incremental].filter(Boolean).sort((a, b) => b.date.localeCompare(a.date))[0];
}

function timing(run) {
  if (!run) return 'not run yet';
  const tested = run.cold ? '' : `, ${run.mutantsTested ?? '?'} of ${run.mutants ?? '?'} mutants tested`;
  return `${minutes(run.durationMs)}${tested} on ${day(run.date)}, ${run.cores} cores, load ${run.loadAverageAtStart.join(' ')} at start (commit ${commitOf(run)})`;
}
