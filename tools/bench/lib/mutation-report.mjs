// The mutation section of BENCHMARKS.md, from each package's mutation-record.json (written by
// `pnpm test:mutation`, tools/mutation/run.mjs): its score with its date and commit, and the time of
// its last full run and of its last run.
import { formatDuration } from './format.mjs';

const percent = (score) => (score === null ? '—' : `${score.toFixed(2)} %`);
const day = (iso) => iso.slice(0, 10);
const commitOf = (run) => `${run.commit ?? '?'}${run.uncommittedFiles ? ` (+${run.uncommittedFiles} uncommitted files)` : ''}`;
const minutes = (ms) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : formatDuration(ms));

/** @param {(header: string[], rows: string[][]) => string} table */
export function mutationMarkdown(mutation, table) {
  // A package whose only run so far was interrupted has an inputs hash and no figures yet.
  const entries = Object.entries(mutation?.packages ?? {}).filter(([, figures]) => figures.run);
  if (entries.length === 0) return 'No package has been measured yet: run `pnpm test:mutation`.';
  const scores = entries.map(([name, figures]) => {
    const latest = figures.run;
    const { Killed, Timeout, Survived, NoCoverage, CompileError, RuntimeError, Ignored } = figures.counts;
    return [
      name,
      `**${percent(figures.score)}**`,
      `${figures.breakAt} %`,
      figures.score !== null && figures.score >= figures.breakAt ? 'passes' : '**fails**',
      String(Killed),
      String(Timeout),
      `${Survived + NoCoverage} (${figures.listedSurvivors} listed)`,
      String(Ignored),
      String(CompileError + RuntimeError),
      String(figures.mutants),
      day(latest.date),
      commitOf(latest),
    ];
  });
  const times = entries.map(([name, { run, lastFullRun, mutants }]) => [name, timing(lastFullRun, mutants), run.full ? 'the full run' : timing(run, mutants)]);
  return [
    table(
      [
        'Package',
        'Score',
        'Break at',
        'Verdict',
        'Killed',
        'Timed out',
        'Survived or not covered',
        'Static, not run',
        'Do not compile',
        'Mutants',
        'Date',
        'Commit',
      ],
      scores,
    ),
    '',
    '"Static, not run" and "Do not compile" count in no score. "Static, not run": mutants reached only while modules load or in `beforeAll` hooks, which `ignoreStatic` leaves out (tools/mutation/README.md); "Do not compile": mutants the TypeScript checker rejects on the package\'s build, or that fail to load. Every survivor is listed, with why it survives, in the package\'s `stryker-survivors.md`.',
    '',
    table(['Package', 'Last full run (every mutant)', 'Last run'], times),
  ].join('\n');
}

function timing(run, mutants) {
  if (!run) return 'not run yet';
  const tested = run.full ? '' : `, ${run.mutantsTested ?? '?'} of ${mutants ?? '?'} mutants tested`;
  return `${minutes(run.durationMs)}${tested} on ${day(run.date)}, ${run.cores} cores, load ${run.loadAverageAtStart.join(' ')} at start (commit ${commitOf(run)})`;
}
